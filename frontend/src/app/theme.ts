import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react'

const config = defineConfig({
  globalCss: {
    'html, body': {
      bg: 'bg.subtle',
      color: 'fg',
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: {
          value:
            "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
        body: {
          value:
            "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
      },
    },
  },
})

/** The Chakra system; screens use the `teal` colour palette for primary actions. */
export const system = createSystem(defaultConfig, config)
