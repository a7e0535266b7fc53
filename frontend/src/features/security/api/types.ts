/**
 * Wire types of the account's security calls (two-factor sign-in and the signed-in devices), read
 * off the operations of the generated schema.
 */
import type { components, paths } from '@/lib/api/schema'

type Json<R> = R extends { content: { 'application/json': infer Body } } ? Body : never
type Schemas = components['schemas']
/** A request body as the forms send it: every field present. */
type Complete<Body> = { [K in keyof Body]-?: NonNullable<Body[K]> }

export type TwoFactorStatus = Schemas['TwoFactorStatusDto']
export type TwoFactorSetup = Schemas['TwoFactorSetupDto']
export type EnableTwoFactorRequest = Complete<Schemas['TwoFactorCodeBody']>
export type EnableTwoFactorResponse = Json<paths['/api/auth/2fa/enable']['post']['responses'][200]>
export type DisableTwoFactorRequest = Complete<Schemas['TwoFactorDisableBody']>
export type DisableTwoFactorResponse = Json<paths['/api/auth/2fa/disable']['post']['responses'][200]>

/** A signed-in device: one session of this user. */
export type Session = Schemas['SessionDto']
export type EndSessionResponse = Json<paths['/api/auth/sessions/{id}']['delete']['responses'][200]>
export type EndOtherSessionsResponse = Json<paths['/api/auth/sessions/revoke-others']['post']['responses'][200]>
