import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { toaster } from '@/components/notify'
import { apiUrl, server } from '@/test/server'
import { renderWithProviders } from '@/test/render'
import type { ApiToken } from '../api/types'
import { ApiTokensPage } from './api-tokens-page'

const SECRET = `msp_${'0123456789abcdef'.repeat(4)}`

const spreadsheet: ApiToken = {
  _id: 't-sheet',
  name: 'Budget spreadsheet',
  scope: 'read',
  createdAt: '2026-11-02T09:05:00Z',
  expiresAt: '2099-02-01T00:00:00Z',
  lastUsedAt: '2026-11-20T18:30:00Z',
}

/** GET, POST and DELETE /tokens over one list; the create answer carries the secret once. */
function serveTokens(tokens: ApiToken[] = []) {
  const state = { tokens, posted: [] as unknown[] }
  server.use(
    http.get(apiUrl('/tokens'), () => HttpResponse.json({ success: true, data: state.tokens })),
    http.post(apiUrl('/tokens'), async ({ request }) => {
      const body = (await request.json()) as { name: string; scope: 'read' | 'write'; expiresAt?: string }
      state.posted.push(body)
      const token: ApiToken = {
        _id: `t-${state.posted.length}`,
        name: body.name,
        scope: body.scope,
        createdAt: '2026-11-29T10:00:00Z',
        expiresAt: null,
        lastUsedAt: null,
      }
      state.tokens = [token, ...state.tokens]
      return HttpResponse.json({ success: true, data: { ...token, token: SECRET } }, { status: 201 })
    }),
    http.delete(apiUrl('/tokens/:id'), ({ params }) => {
      state.tokens = state.tokens.filter((t) => t._id !== params.id)
      return HttpResponse.json({ success: true, message: 'Token revoked' })
    }),
  )
  return state
}

beforeEach(() => toaster.remove())

function renderPage() {
  return renderWithProviders(<ApiTokensPage />, '/settings/api-tokens')
}

async function openCreate(view: ReturnType<typeof renderPage>) {
  await view.user.click(await screen.findByRole('button', { name: 'Create token' }))
  return screen.findByRole('dialog', { name: 'Create API token' })
}

describe('the API tokens screen', () => {
  it('lists each token with its scope and its days as dd/MM/yyyy, never a secret', async () => {
    serveTokens([spreadsheet])
    renderPage()
    const row = await screen.findByTestId('token-row')
    expect(within(row).getByText('Budget spreadsheet')).toBeInTheDocument()
    expect(within(row).getByText('Read-only')).toBeInTheDocument()
    expect(row).toHaveTextContent('Created 02/11/2026')
    expect(row).toHaveTextContent('Expires 31/01/2099')
    expect(row).toHaveTextContent('Last used 20/11/2026')
    expect(row).not.toHaveTextContent('msp_')
  })

  it('says when there are none', async () => {
    serveTokens([])
    renderPage()
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument()
  })

  it("checks the form with the server's words before sending", async () => {
    const state = serveTokens([])
    const view = renderPage()
    const dialog = await openCreate(view)
    await view.user.click(within(dialog).getByRole('button', { name: 'Create token' }))
    expect(await within(dialog).findByText('Token name is required')).toBeInTheDocument()
    await view.user.type(within(dialog).getByLabelText('Name'), 'x'.repeat(51))
    await view.user.click(within(dialog).getByRole('button', { name: 'Create token' }))
    expect(await within(dialog).findByText('Token name must be at most 50 characters')).toBeInTheDocument()
    await view.user.clear(within(dialog).getByLabelText('Name'))
    await view.user.type(within(dialog).getByLabelText('Name'), 'Old')
    await view.user.type(within(dialog).getByLabelText('Expires (optional)'), '01/01/2020{Enter}')
    await view.user.click(within(dialog).getByRole('button', { name: 'Create token' }))
    expect(await within(dialog).findByText('Expiry must be in the future')).toBeInTheDocument()
    expect(state.posted).toEqual([])
  })

  it('shows the new secret once, with a Copy button, and never again', async () => {
    const state = serveTokens([])
    const view = renderPage()
    const dialog = await openCreate(view)
    await view.user.type(within(dialog).getByLabelText('Name'), '  Home Assistant ')
    await view.user.selectOptions(within(dialog).getByLabelText('Access'), 'Read and write')
    await view.user.click(within(dialog).getByRole('button', { name: 'Create token' }))

    const shown = await screen.findByRole('dialog', { name: 'Token created' })
    expect(within(shown).getByTestId('new-token')).toHaveTextContent(SECRET)
    expect(within(shown).getByText(/It will not be shown again/)).toBeInTheDocument()
    await view.user.click(within(shown).getByRole('button', { name: 'Copy' }))
    // user-event's stand-in clipboard.
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET)
    expect(await within(shown).findByText('Copied')).toBeInTheDocument()
    expect(state.posted).toEqual([{ name: 'Home Assistant', scope: 'write' }])

    await view.user.click(within(shown).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const row = await screen.findByTestId('token-row')
    expect(within(row).getByText('Home Assistant')).toBeInTheDocument()
    expect(within(row).getByText('Read and write')).toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(SECRET)

    // A second opening starts from an empty form, with no secret in sight.
    const again = await openCreate(view)
    expect(within(again).getByLabelText('Name')).toHaveValue('')
    expect(document.body).not.toHaveTextContent(SECRET)
  })

  it('revokes a token after asking', async () => {
    const state = serveTokens([spreadsheet])
    const view = renderPage()
    await view.user.click(await screen.findByRole('button', { name: 'Revoke Budget spreadsheet' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Revoke token' })
    expect(ask).toHaveTextContent('Anything using it will be refused from now on.')
    await view.user.click(within(ask).getByRole('button', { name: 'Revoke' }))
    expect(await screen.findByText('Token revoked')).toBeInTheDocument()
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument()
    expect(state.tokens).toEqual([])
  })
})
