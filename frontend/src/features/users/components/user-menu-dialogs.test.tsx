import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toaster } from '@/components/notify'
import { londonYearMonth as currentLondonMonth, MONTH_NAMES } from '@/lib/calendar-day'
import { apiUrl, server } from '@/test/server'
import { admin, chooseAction, renderPage, serveUsers, uma, wideScreen } from '@/test/users-kit'

// The toaster is one store for the whole app: start every test without notices.
beforeEach(() => toaster.remove())
afterEach(() => vi.restoreAllMocks())

describe("UsersPage: a user's month and activity", () => {
  it("finalises a month for a user: this London month by default, then the server's message", async () => {
    wideScreen()
    serveUsers([admin, uma])
    let request: { userId: unknown; body: unknown } | undefined
    server.use(
      http.post(apiUrl('/budget-snapshots/finalize/:userId'), async ({ request: r, params }) => {
        request = { userId: params.userId, body: await r.json() }
        return HttpResponse.json({
          success: true,
          message: 'Month finalised successfully',
          data: { year: 2025, month: 11, budgets: 2 },
        })
      }),
    )
    const { user } = renderPage()
    await screen.findByText('Uma User')
    await chooseAction(user, 'Uma User', 'Finalise Month')
    const dialog = await screen.findByRole('dialog', { name: 'Finalise Month for Uma User' })
    const now = currentLondonMonth()
    const month = within(dialog).getByLabelText('Month')
    expect(month).toHaveValue(String(now.month))
    expect(within(month).getAllByRole('option').map((o) => o.textContent)).toEqual([...MONTH_NAMES])
    expect(within(dialog).getByLabelText('Year')).toHaveValue(String(now.year))
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument()

    await user.selectOptions(month, 'November')
    await user.clear(within(dialog).getByLabelText('Year'))
    await user.click(within(dialog).getByRole('button', { name: 'Finalise' }))
    expect(
      await within(dialog).findByText('Year is required and must be a whole number'),
    ).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Year'), '2025')
    await user.click(within(dialog).getByRole('button', { name: 'Finalise' }))

    // The page's own 4-second notice, not a toast.
    const notice = await screen.findByText('Month finalised successfully')
    expect(notice.closest('[role="status"]')).not.toBeNull()
    expect(notice.closest('[data-testid="success-notice"]')).toBeNull()
    expect(request).toEqual({ userId: 'uma', body: { year: 2025, month: 11 } })
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Finalise Month for Uma User' })).not.toBeInTheDocument(),
    )
  })

  it("keeps the finalise dialog open with 'Failed to finalise month' when the server gives no reason", async () => {
    wideScreen()
    serveUsers([admin, uma])
    server.use(
      http.post(apiUrl('/budget-snapshots/finalize/:userId'), () =>
        HttpResponse.json({ success: false, code: 'internal', message: '' }, { status: 500 }),
      ),
    )
    const { user } = renderPage()
    await screen.findByText('Uma User')
    await chooseAction(user, 'Uma User', 'Finalise Month')
    const dialog = await screen.findByRole('dialog', { name: 'Finalise Month for Uma User' })
    await user.click(within(dialog).getByRole('button', { name: 'Finalise' }))
    expect(await within(dialog).findByText('Failed to finalise month')).toBeInTheDocument()
  })

  it("shows a user's activity, newest first", async () => {
    wideScreen()
    serveUsers([admin, uma])
    server.use(
      http.get(apiUrl('/users/:id/audit'), ({ params }) => {
        expect(params.id).toBe('uma')
        return HttpResponse.json({
          success: true,
          data: [
            {
              at: '2026-03-06T10:15:00Z',
              actorId: 'admin',
              actorEmail: 'admin@example.com',
              action: 'toggle_bank_access',
              detail: 'bank access granted',
              ip: '127.0.0.1',
            },
            {
              at: '2026-03-05T12:00:00Z',
              actorId: 'gone',
              actorEmail: null,
              action: 'create',
              detail: 'created uma@example.com as user',
              ip: null,
            },
          ],
        })
      }),
    )
    const { user } = renderPage()
    await screen.findByText('Uma User')
    await chooseAction(user, 'Uma User', 'View Activity')
    const dialog = await screen.findByRole('dialog', { name: 'Activity for Uma User' })
    const entries = await within(dialog).findAllByTestId('audit-entry')
    expect(entries).toHaveLength(2)
    expect(entries[0]).toHaveTextContent('Bank access')
    expect(entries[0]).toHaveTextContent('06/03/2026 10:15')
    expect(entries[0]).toHaveTextContent('Bank access granted')
    expect(entries[0]).toHaveTextContent('By admin@example.com from 127.0.0.1')
    expect(entries[1]).toHaveTextContent('Created')
    expect(entries[1]).toHaveTextContent('Created uma@example.com as user')
    expect(entries[1]).toHaveTextContent('By a deleted administrator')
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!)
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Activity for Uma User' })).not.toBeInTheDocument(),
    )
  })
})
