import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { makeAccount } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { startHiddenKey } from '../lib/start-hidden'
import { GettingStarted } from './getting-started'

/** Serves a household with these counts; answers how often the card asked for its progress. */
function household({ accounts = 0, transactions = 0, budgets = 0, banks = 0 } = {}) {
  const asked = { progress: 0 }
  server.use(
    http.get(apiUrl('/accounts'), () =>
      HttpResponse.json({
        success: true,
        data: { accounts: Array.from({ length: accounts }, (_, i) => makeAccount({ _id: `a${i}` })), netWorth: 0, totalAccounts: accounts },
      }),
    ),
    http.get(apiUrl('/transactions'), () => {
      asked.progress += 1
      return HttpResponse.json({
        success: true,
        transactions: [],
        pagination: { current: 1, pages: transactions, total: transactions, limit: 1 },
        summary: { totalIncome: 0, totalExpenses: 0, netAmount: 0, transactionCount: transactions },
      })
    }),
    http.get(apiUrl('/budgets'), () =>
      HttpResponse.json({ success: true, data: { budgets: Array.from({ length: budgets }, () => ({})), monthInfo: {} } }),
    ),
    http.get(apiUrl('/plaid/items'), () => HttpResponse.json({ success: true, data: Array.from({ length: banks }, () => ({})) })),
  )
  return asked
}

const steps = () => screen.getAllByTestId('start-step')
const stateOf = (title: string) => steps().find((s) => s.textContent?.startsWith(title))!.dataset.state

beforeEach(() => localStorage.clear())

describe('the getting-started card', () => {
  it('gives a new household its four first steps, each a link to where it is done', async () => {
    household()
    renderWithProviders(<GettingStarted userId="u1" canConnectBank />)
    const card = await screen.findByRole('region', { name: 'Get started' })
    expect(within(card).getByText('0 of 4 done')).toBeInTheDocument()
    expect(steps().map((s) => s.dataset.state)).toEqual(['to do', 'to do', 'to do', 'to do'])
    const links = within(card).getAllByRole('link').map((l) => l.getAttribute('href'))
    expect(links).toEqual(['/accounts', '/import', '/accounts', '/budgets'])
  })

  it('says why the bank step is not available without the permission, and offers no link to it', async () => {
    household({ accounts: 1 })
    renderWithProviders(<GettingStarted userId="u1" canConnectBank={false} />)
    await screen.findByRole('region', { name: 'Get started' })
    expect(stateOf('Connect your bank')).toBe('not available')
    expect(screen.getByText('Ask your administrator to allow bank linking.')).toBeInTheDocument()
    expect(screen.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/import', '/budgets'])
  })

  it('ticks each step off from the data', async () => {
    household({ accounts: 2, transactions: 30, budgets: 1 })
    renderWithProviders(<GettingStarted userId="u1" canConnectBank />)
    const card = await screen.findByRole('region', { name: 'Get started' })
    expect(within(card).getByText('3 of 4 done')).toBeInTheDocument()
    expect(stateOf('Add an account')).toBe('done')
    expect(stateOf('Bring in your transactions')).toBe('done')
    expect(stateOf('Set a budget')).toBe('done')
    expect(stateOf('Connect your bank')).toBe('to do')
    expect(within(card).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/accounts'])
  })

  it('goes for good once every step is done, and then stops asking', async () => {
    const asked = household({ accounts: 1, transactions: 1, budgets: 1, banks: 1 })
    const first = renderWithProviders(<GettingStarted userId="u1" canConnectBank />)
    await waitFor(() => expect(localStorage.getItem(startHiddenKey('u1'))).toBe('1'))
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument()
    first.unmount()
    const before = asked.progress
    renderWithProviders(<GettingStarted userId="u1" canConnectBank />)
    await new Promise((r) => setTimeout(r, 50))
    expect(asked.progress).toBe(before)
  })

  it('can be hidden, for this user only', async () => {
    household()
    const { user } = renderWithProviders(<GettingStarted userId="u1" canConnectBank />)
    const card = await screen.findByRole('region', { name: 'Get started' })
    await user.click(within(card).getByRole('button', { name: 'Hide' }))
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument()
    expect(localStorage.getItem(startHiddenKey('u1'))).toBe('1')
    expect(localStorage.getItem(startHiddenKey('u2'))).toBeNull()
  })
})
