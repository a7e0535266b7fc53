import { Box, Link, Skeleton, Stack, Text } from '@chakra-ui/react'
import { lazy, Suspense } from 'react'
import { Link as RouterLink } from 'react-router'
import { InfoPage, Points } from './info-pages'

// Swagger UI (about 400 kB gzipped) loads on this page only.
const ApiReference = lazy(() => import('./api-reference'))

/** /docs: the API reference, from the server's own OpenAPI document, with 'Try it out'. */
export function DocsPage() {
  return (
    <InfoPage
      wide
      title="API reference"
      intro="Every call the MySpending app makes is open to your own scripts. This reference is read from this server's OpenAPI document, and can send requests to it."
    >
      <Stack gap="2">
        <Points
          items={[
            <>
              Create a token under your profile&apos;s{' '}
              <Link asChild color="teal.fg">
                <RouterLink to="/settings/api-tokens">API tokens</RouterLink>
              </Link>{' '}
              (read-only or read and write). It acts as you, with your role in your household.
            </>,
            <>
              Press <strong>Authorize</strong>, paste the token (it starts with <code>msp_</code>) and close; then
              open an operation, <strong>Try it out</strong> and <strong>Execute</strong>.
            </>,
            'Answers are JSON: {success, data, message}, and on failure a stable code. Amounts are pounds with two decimals, dates YYYY-MM-DD.',
          ]}
        />
        <Text fontSize="sm" color="fg.muted">
          The raw document:{' '}
          <Link href="/api/openapi.json" color="teal.fg">
            /api/openapi.json
          </Link>
        </Text>
      </Stack>
      <Suspense
        fallback={
          <Box role="status" aria-label="Loading the API reference">
            <Skeleton h="96" />
          </Box>
        }
      >
        <ApiReference />
      </Suspense>
    </InfoPage>
  )
}
