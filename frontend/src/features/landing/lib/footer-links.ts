/**
 * Every link leads to a real page: a section of this page (#…), one of the app's pages, or a
 * document the server serves (/api/…, opened as a file, not through the router).
 */
export const footerColumns: { heading: string; links: { label: string; href: string }[] }[] = [
  {
    heading: 'Product',
    links: [
      { label: 'Features', href: '#features' },
      { label: 'Create an account', href: '/register' },
      { label: 'Login', href: '/login' },
    ],
  },
  {
    heading: 'Resources',
    links: [
      { label: 'Help', href: '/help' },
      { label: 'API reference', href: '/docs' },
      { label: 'Status', href: '/status' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Privacy', href: '/privacy' },
      { label: 'Terms', href: '/terms' },
    ],
  },
]
