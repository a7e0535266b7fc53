// The interactive reference: Swagger UI, bundled (no CDN), in a chunk of its own that only /docs loads.
import { Box } from '@chakra-ui/react'
import SwaggerUI from 'swagger-ui-react'
import 'swagger-ui-react/swagger-ui.css'

/** Where the server serves its OpenAPI document (the one `myspending openapi` prints). */
export const OPENAPI_URL = '/api/openapi.json'

/**
 * Every operation of the API, with 'Try it out': the token pasted under Authorize is sent as
 * `Authorization: Bearer …` to this same server, and forgotten when the page closes.
 */
export default function ApiReference() {
  return (
    // Swagger UI's own styles are for a light page: it keeps one in dark mode too.
    <Box
      className="api-reference"
      bg="white"
      color="gray.900"
      borderRadius="lg"
      overflowX="auto"
      // Swagger UI's own 20 px side margins, left out on a phone where the card already has some.
      css={{ '& .swagger-ui .wrapper': { px: { base: '0', md: '5' } } }}
    >
      <SwaggerUI
        url={OPENAPI_URL}
        docExpansion="none"
        defaultModelsExpandDepth={-1}
        persistAuthorization={false}
        tryItOutEnabled={false}
        displayOperationId={false}
      />
    </Box>
  )
}
