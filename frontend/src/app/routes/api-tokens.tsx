import { ApiTokensPage } from '@/features/security'

/** /settings/api-tokens: the signed-in user's personal access tokens. */
export function ApiTokensRoute() {
  return <ApiTokensPage />
}
