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

/** A personal access token as listed (never its secret). */
export type ApiToken = Schemas['TokenDto']
/** The create form's body: the expiry is optional. */
export type CreateTokenRequest = Omit<Complete<Schemas['TokenBody']>, 'expiresAt'> & { expiresAt?: string }
/** A new token with its secret, shown this once. */
export type CreateTokenResponse = Json<paths['/api/tokens']['post']['responses'][201]>
export type RevokeTokenResponse = Json<paths['/api/tokens/{id}']['delete']['responses'][200]>
