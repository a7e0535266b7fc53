import { Badge, Box, Button, Card, Flex, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react'
import { KeyRound, Plus } from 'lucide-react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { lazyDialog } from '@/components/lazy-dialog'
import { ListRow } from '@/components/list-row'
import { LoadError } from '@/components/load-error'
import { notifySuccess } from '@/components/notify'
import { PageHeader } from '@/components/page-layout'
import { usePageTitle } from '@/components/use-page-title'
import { getErrorMessage } from '@/lib/api/client'
import { formatDate, formatLondonDateTime } from '@/lib/format'
import { TOKENS_FALLBACK_ERROR, useTokens } from '../api/get-tokens'
import { REVOKE_TOKEN_FALLBACK_ERROR, useRevokeToken } from '../api/revoke-token'
import type { ApiToken } from '../api/types'

// The form (and zod and react-hook-form with it) loads when first opened.
const CreateTokenDialog = lazyDialog(() => import('./create-token-dialog').then((m) => m.CreateTokenDialog))

/** /settings/api-tokens: the user's personal access tokens for the API; make one, revoke one. */
export function ApiTokensPage() {
  usePageTitle('API tokens')
  const tokens = useTokens()
  const revoke = useRevokeToken()
  // Each opening mounts the dialog afresh (a new key), so it starts with an empty form.
  const [creating, setCreating] = useState({ key: 0, open: false })
  // The token being asked about is kept after closing, so the question does not change while it animates out.
  const [asked, setAsked] = useState<ApiToken | null>(null)
  const [askOpen, setAskOpen] = useState(false)
  // Which tokens have expired is judged as of the visit.
  const [now] = useState(Date.now)

  return (
    <Stack gap={{ base: '4', md: '6' }} maxW="3xl">
      <PageHeader
        title="API tokens"
        subtitle="Let scripts and other apps use your MySpending data, without your password."
        actions={
          <Button colorPalette="teal" onClick={() => setCreating(({ key }) => ({ key: key + 1, open: true }))}>
            <Plus aria-hidden="true" />
            Create token
          </Button>
        }
      />
      <LoadError sources={[{ query: tokens, fallback: TOKENS_FALLBACK_ERROR }]} />
      <Card.Root as="section" aria-labelledby="tokens-heading" variant="outline" bg="bg">
        <Card.Body gap="3" p={{ base: '4', md: '6' }}>
          <Flex gap="2" align="center">
            <KeyRound size={20} aria-hidden="true" />
            <Heading as="h2" size="lg" id="tokens-heading">
              Your tokens
            </Heading>
          </Flex>
          <Text color="fg.muted">
            A token acts as you, with your role in the household. Send it as a bearer token; try it in the{' '}
            <Link asChild color="teal.fg">
              <RouterLink to="/docs">API reference</RouterLink>
            </Link>
            . No token can change your password, e-mail or two-factor settings, or make other tokens.
          </Text>
          {!tokens.data ? (
            tokens.isError ? null : (
              <Stack gap="3" role="status" aria-label="Loading API tokens">
                <Skeleton h="14" />
                <Skeleton h="14" />
              </Stack>
            )
          ) : tokens.data.length === 0 ? (
            <Text py="3">You have no API tokens.</Text>
          ) : (
            <Stack as="ul" gap="0" listStyleType="none" aria-label="API tokens">
              {tokens.data.map((token) => (
                <TokenRow
                  key={token._id}
                  token={token}
                  now={now}
                  onRevoke={() => {
                    revoke.reset()
                    setAsked(token)
                    setAskOpen(true)
                  }}
                />
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>

      <CreateTokenDialog
        key={creating.key}
        open={creating.open}
        onClose={() => setCreating(({ key }) => ({ key, open: false }))}
      />
      <ConfirmDialog
        open={askOpen}
        title="Revoke token"
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        error={revoke.isError ? getErrorMessage(revoke.error, REVOKE_TOKEN_FALLBACK_ERROR) : null}
        onDismissError={() => revoke.reset()}
        onConfirm={() => {
          if (!asked) return
          revoke.mutate(asked._id, {
            onSuccess: (res) => {
              notifySuccess(res.message)
              setAskOpen(false)
            },
          })
        }}
        onClose={() => setAskOpen(false)}
      >
        {`Revoke ${asked ? `"${asked.name}"` : 'this token'}? Anything using it will be refused from now on.`}
      </ConfirmDialog>
    </Stack>
  )
}

/** A day as dd/MM/yyyy, with the London date and time as its title. */
function Day({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatLondonDateTime(iso)}>
      {formatDate(iso)}
    </time>
  )
}

/** The last day a token works: the day before the instant it stops. */
function lastDay(expiresAt: string): string {
  return new Date(new Date(expiresAt).getTime() - 1).toISOString()
}

function TokenRow({ token, now, onRevoke }: { token: ApiToken; now: number; onRevoke: () => void }) {
  const expired = !!token.expiresAt && Date.parse(token.expiresAt) <= now
  return (
    <ListRow testId="token-row">
      <Stack gap="0.5" minW="0">
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="semibold" wordBreak="break-word">
            {token.name}
          </Text>
          <Badge colorPalette={token.scope === 'write' ? 'orange' : 'teal'} variant="subtle">
            {token.scope === 'write' ? 'Read and write' : 'Read-only'}
          </Badge>
          {expired ? (
            <Badge colorPalette="red" variant="subtle">
              Expired
            </Badge>
          ) : null}
        </Flex>
        <Box as="p" fontSize="sm" color="fg.muted" display="flex" flexWrap="wrap" columnGap="3">
          <Text as="span">
            Created <Day iso={token.createdAt} />
          </Text>
          <Text as="span">
            {token.expiresAt ? (
              <>
                {expired ? 'Expired' : 'Expires'} <Day iso={lastDay(token.expiresAt)} />
              </>
            ) : (
              'Never expires'
            )}
          </Text>
          <Text as="span">
            {token.lastUsedAt ? (
              <>
                Last used <Day iso={token.lastUsedAt} />
              </>
            ) : (
              'Never used'
            )}
          </Text>
        </Box>
      </Stack>
      <Button
        variant="outline"
        colorPalette="red"
        size="sm"
        flexShrink={0}
        alignSelf={{ base: 'flex-start', sm: 'center' }}
        aria-label={`Revoke ${token.name}`}
        onClick={onRevoke}
      >
        Revoke
      </Button>
    </ListRow>
  )
}
