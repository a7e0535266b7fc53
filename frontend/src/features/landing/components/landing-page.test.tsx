import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { footerColumns } from '../lib/footer-links'

const links = footerColumns.flatMap((c) => c.links)

// What /status asks for.
beforeEach(() =>
  server.use(
    http.get(apiUrl('/health'), () => HttpResponse.json({ success: true, status: 'ok' })),
    http.get(apiUrl('/ready'), () => HttpResponse.json({ success: true, status: 'ready', version: '0.1.0', checks: [] })),
  ),
)

describe('the landing page footer', () => {
  it('lists only links that lead somewhere', async () => {
    renderApp('/')
    const footer = await screen.findByRole('contentinfo')
    for (const { label, href } of links) {
      const link = within(footer).getByRole('link', { name: label })
      expect(link).toHaveAttribute('href', href)
    }
    // A section of this page exists for every in-page anchor.
    for (const { href } of links.filter((l) => l.href.startsWith('#'))) {
      expect(document.getElementById(href.slice(1))).not.toBeNull()
    }
    // Every public page the issue names is there, each a page of the app (none a raw document).
    expect(links.map((l) => l.href)).toEqual(expect.arrayContaining(['/help', '/privacy', '/terms', '/docs', '/status']))
    expect(links.filter((l) => l.href.startsWith('/api/'))).toEqual([])
  })

  it.each(links.filter((l) => l.href.startsWith('/') && !l.href.startsWith('/api/')))(
    '$label opens a real page, not the 404 page',
    async ({ href }) => {
      renderApp(href)
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
      expect(screen.queryByText('Error 404')).not.toBeInTheDocument()
    },
  )

  it('promises only what exists, in words a household uses', async () => {
    renderApp('/')
    await screen.findByRole('contentinfo')
    expect(screen.queryByText(/token-based/i)).not.toBeInTheDocument()
    expect(screen.queryByText(/\btags\b/i)).not.toBeInTheDocument()
  })
})

describe('the help, privacy and terms pages', () => {
  it.each([
    ['/help', 'Help', 'Your first week'],
    ['/privacy', 'Privacy', 'What is stored'],
    ['/terms', 'Terms', 'No warranty'],
  ])('%s has its heading, its sections and a way home', async (path, title, section) => {
    renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'MySpending home' })).toHaveAttribute('href', '/')
    expect(document.title).toContain(title)
  })
})
