/**
 * Wire types of the user-management calls. They are read off the operations
 * rather than the schema names, which the server's OpenAPI generator may rename.
 */
import type { paths } from '@/lib/api/schema'
import type { User, UserRole } from '@/lib/api/types'

type Json<R> = R extends { content: { 'application/json': infer Body } } ? Body : never

/** A user as the superadmin sees them (the same record as /auth/me's). */
export type ManagedUser = User
export type { UserRole }

export type UserListResponse = Json<paths['/api/users']['get']['responses'][200]>
export type UserResponse = Json<paths['/api/users']['post']['responses'][201]>
export type ToggleStatusResponse = Json<paths['/api/users/{id}/toggle-status']['put']['responses'][200]>
export type ToggleAccessResponse = Json<paths['/api/auth/toggle-bank-access/{id}']['put']['responses'][200]>
export type AuditResponse = Json<paths['/api/users/{id}/audit']['get']['responses'][200]>
export type AuditEntry = AuditResponse['data'][number]
export type FinalizeForUserResponse = Json<
  paths['/api/budget-snapshots/finalize/{userId}']['post']['responses'][200]
>
export type MessageResponse = Json<paths['/api/users/{id}']['delete']['responses'][200]>
export type ResetTwoFactorResponse = Json<paths['/api/users/{id}/reset-2fa']['post']['responses'][200]>

/** POST /users: every field is sent. */
export type NewUserRequest = { name: string; email: string; password: string; role: UserRole }
/** PUT /users/{id}: `password` only when a new one was typed (absent keeps the current one). */
export type EditUserRequest = { name: string; email: string; role: UserRole; password?: string }
