/**
 * Wire types of the MySpending HTTP API (base path /api).
 *
 * They are taken from `schema.d.ts`, which `just openapi` generates from the server's
 * OpenAPI document; `just test` fails when that file no longer matches the server.
 * Only names are given here, so the rest of the app never imports the generated file.
 */
import type { components } from './schema'

type Schemas = components['schemas']

export type User = Schemas['UserDto']
export type UserRole = Schemas['RoleDto']

/** Body of every non-2xx answer. */
export type ErrorResponse = Schemas['ErrorResponse']
export type MessageResponse = Schemas['MessageResponse']

/** Request bodies: the server treats every field as optional and answers 400 with the spec's message. */
export type RegisterRequest = Required<{ [K in keyof Schemas['RegisterBody']]: NonNullable<Schemas['RegisterBody'][K]> }>
export type RegisterResponse = MessageResponse

export type LoginRequest = Required<{ [K in keyof Schemas['LoginBody']]: NonNullable<Schemas['LoginBody'][K]> }>
export type LoginResponse = Schemas['AuthResponse']

export type MeResponse = Schemas['UserResponse']

export type UpdateProfileRequest = {
  name: string
  email: string
  currentPassword?: string
  newPassword?: string
}
export type UpdateProfileResponse = Schemas['ProfileResponse']

export type VerifyEmailRequest = { token: string }
export type VerifyEmailResponse = Schemas['AuthResponse']

export type ForgotPasswordRequest = { email: string }
export type ForgotPasswordResponse = MessageResponse

export type ResetPasswordRequest = { password: string }
export type ResetPasswordResponse = MessageResponse

export type CanConnectBankResponse = Schemas['CanConnectBankResponse']
