import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { toaster } from '@/components/notify'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { RulesPage } from './rules-page'
import { makeRule, serveRules } from './test-handlers'

const tesco = makeRule()
const pret = makeRule({
  _id: 'rule-pret',
  position: 1,
  matchType: 'startsWith',
  pattern: 'PRET',
  minAmount: 2,
  maxAmount: 10.5,
  accountId: 'acc-current',
  accountName: 'Everyday Current',
  categoryId: 'cat-travel',
  categoryName: 'Travel',
  rename: null,
})
const rent = makeRule({ _id: 'rule-rent', position: 2, matchType: 'equals', pattern: 'RENT', minAmount: 500, rename: null, categoryName: 'Housing' })

function serve(...args: Parameters<typeof serveRules>) {
  const { state, handlers } = serveRules(...args)
  server.use(...handlers, ...ledgerHandlers())
  return state
}

const renderPage = () => renderWithProviders(<RulesPage />, '/settings/rules')
const rows = () => screen.getAllByTestId('rule-row')

beforeEach(() => toaster.remove())

describe('RulesPage', () => {
  it('lists the rules in order with what each matches and sets', async () => {
    serve({ rules: [tesco, pret, rent] })
    renderPage()
    expect(screen.getByRole('heading', { name: 'Categorisation rules', level: 1 })).toBeInTheDocument()
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(rows()[0]).toHaveTextContent('1.Contains"TESCO"sets categoryGroceriesAny account · Renamed to "Tesco"')
    expect(rows()[1]).toHaveTextContent('2.Starts with"PRET"sets categoryTravelEveryday Current · £2.00 to £10.50')
    expect(rows()[2]).toHaveTextContent('Is exactly"RENT"')
    expect(rows()[2]).toHaveTextContent('At least £500.00')
    expect(screen.getByRole('button', { name: 'Move rule "TESCO" up' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Move rule "RENT" down' })).toBeDisabled()
  })

  it('shows the empty state with a way to add the first rule', async () => {
    serve()
    const { user } = renderPage()
    expect(await screen.findByRole('heading', { name: 'No rules yet' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Apply to existing/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add your first rule' }))
    expect(await screen.findByRole('dialog', { name: 'Add Rule' })).toBeInTheDocument()
  })

  it("adds a rule, checking the form's messages first", async () => {
    const state = serve()
    const { user } = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Add Rule' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Rule' })
    await waitFor(() => expect(within(dialog).getByLabelText('Text to match')).toHaveFocus())
    await user.type(within(dialog).getByLabelText('Minimum amount (optional)'), '20')
    await user.type(within(dialog).getByLabelText('Maximum amount (optional)'), '-5')
    await user.click(within(dialog).getByRole('button', { name: 'Create Rule' }))
    expect(await within(dialog).findByText('Text to match is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Category is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Amount cannot be negative')).toBeInTheDocument()
    await user.clear(within(dialog).getByLabelText('Maximum amount (optional)'))
    await user.type(within(dialog).getByLabelText('Maximum amount (optional)'), '10')
    await user.type(within(dialog).getByLabelText('Text to match'), 'x'.repeat(101))
    await user.click(within(dialog).getByRole('button', { name: 'Create Rule' }))
    expect(await within(dialog).findByText('Text to match must be at most 100 characters')).toBeInTheDocument()
    expect(within(dialog).getByText('Maximum amount must not be less than the minimum')).toBeInTheDocument()

    await user.clear(within(dialog).getByLabelText('Text to match'))
    await user.type(within(dialog).getByLabelText('Text to match'), '  TESCO STORES ')
    await user.clear(within(dialog).getByLabelText('Maximum amount (optional)'))
    await user.type(within(dialog).getByLabelText('Maximum amount (optional)'), '£1,000')
    await user.selectOptions(within(dialog).getByLabelText('Match'), 'startsWith')
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Groceries')
    await user.selectOptions(within(dialog).getByLabelText('Account'), 'acc-current')
    await user.type(within(dialog).getByLabelText('New description (optional)'), 'Tesco')
    await user.click(within(dialog).getByRole('button', { name: 'Create Rule' }))
    expect(await screen.findByText('Rule created successfully')).toBeInTheDocument()
    expect(state.sent).toEqual([
      {
        method: 'POST',
        path: '/api/rules',
        body: {
          matchType: 'startsWith',
          pattern: 'TESCO STORES',
          minAmount: '20.00',
          maxAmount: '1000.00',
          accountId: 'acc-current',
          categoryId: 'cat-groceries',
          rename: 'Tesco',
          markTransfer: false,
          tagIds: [],
        },
      },
    ])
    await waitFor(() => expect(rows()).toHaveLength(1))
  }, 20_000)

  it('makes a rule whose matching rows are transfers, tagged in the list, and keeps the choice when edited', async () => {
    const state = serve()
    const { user } = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Add your first rule' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Rule' })
    const transfers = within(dialog).getByRole('checkbox', { name: 'Matching rows are transfers between my accounts' })
    expect(transfers).not.toBeChecked()
    await user.type(within(dialog).getByLabelText('Text to match'), 'CARD PAYMENT')
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Groceries')
    await user.click(transfers)
    await user.click(within(dialog).getByRole('button', { name: 'Create Rule' }))
    expect(await screen.findByText('Rule created successfully')).toBeInTheDocument()
    expect(state.sent[0]?.body).toMatchObject({ pattern: 'CARD PAYMENT', markTransfer: true })
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(within(rows()[0]!).getByText('Transfer')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Edit rule "CARD PAYMENT"' }))
    const edit = await screen.findByRole('dialog', { name: 'Edit Rule' })
    expect(within(edit).getByRole('checkbox', { name: 'Matching rows are transfers between my accounts' })).toBeChecked()
  }, 20_000)

  it("edits a rule and shows the server's refusal in the dialog", async () => {
    const state = serve({ rules: [tesco, pret] })
    const { user } = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Edit rule "PRET"' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Rule' })
    expect(within(dialog).getByLabelText('Text to match')).toHaveValue('PRET')
    expect(within(dialog).getByLabelText('Match')).toHaveValue('startsWith')
    expect(within(dialog).getByLabelText('Minimum amount (optional)')).toHaveValue('2.00')
    expect(within(dialog).getByLabelText('Maximum amount (optional)')).toHaveValue('10.50')
    expect(within(dialog).getByLabelText('Account')).toHaveValue('acc-current')
    expect(within(dialog).getByLabelText('Category')).toHaveValue('cat-travel')

    server.use(
      http.put(apiUrl('/rules/:id'), () =>
        HttpResponse.json({ success: false, message: 'New description must be at most 100 characters' }, { status: 400 }),
      ),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Update Rule' }))
    expect(await within(dialog).findByText('New description must be at most 100 characters')).toBeInTheDocument()
    server.resetHandlers()
    serve({ rules: state.rules })
    await user.click(within(dialog).getByRole('button', { name: 'Update Rule' }))
    expect(await screen.findByText('Rule updated successfully')).toBeInTheDocument()
  }, 15_000)

  it('deletes a rule after confirmation', async () => {
    const state = serve({ rules: [tesco, pret] })
    const { user } = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Delete rule "TESCO"' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Rule' })
    expect(confirm).toHaveTextContent('Delete the rule for "TESCO"?')
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Rule deleted successfully')).toBeInTheDocument()
    expect(state.sent).toEqual([{ method: 'DELETE', path: '/api/rules/rule-tesco', body: undefined }])
    await waitFor(() => expect(rows()).toHaveLength(1))
  })

  it('moves rules up and down with the keyboard, keeping focus on the moved rule', async () => {
    const state = serve({ rules: [tesco, pret, rent] })
    const { user } = renderPage()
    const down = await screen.findByRole('button', { name: 'Move rule "TESCO" down' })
    down.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(rows()[1]).toHaveTextContent('TESCO'))
    expect(state.sent[0]).toEqual({ method: 'PUT', path: '/api/rules/order', body: { ids: ['rule-pret', 'rule-tesco', 'rule-rent'] } })
    expect(screen.getByRole('button', { name: 'Move rule "TESCO" down' })).toHaveFocus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(rows()[2]).toHaveTextContent('TESCO'))
    expect(state.sent[1]!.body).toEqual({ ids: ['rule-pret', 'rule-rent', 'rule-tesco'] })
    // At the bottom 'down' is disabled: focus moves to 'up'.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move rule "TESCO" up' })).toHaveFocus())
  })

  it('puts the old order back when the server refuses the new one', async () => {
    serve({ rules: [tesco, pret] })
    server.use(http.put(apiUrl('/rules/order'), () => HttpResponse.json({ success: false, message: 'Give every rule exactly once' }, { status: 400 })))
    const { user } = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Move rule "PRET" up' }))
    expect(await screen.findByText('Give every rule exactly once')).toBeInTheDocument()
    await waitFor(() => expect(rows()[0]).toHaveTextContent('TESCO'))
  })

  it('applies the rules to existing transactions after a dry run says how many would change', async () => {
    const state = serve({ rules: [tesco], wouldChange: 12 })
    const { user } = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Apply to existing transactions' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Apply rules' })
    expect(within(confirm).getByTestId('apply-dry-run')).toHaveTextContent('12 transactions would change')
    expect(state.sent).toEqual([{ method: 'POST', path: '/api/rules/apply', body: { dryRun: true, ruleId: null } }])
    await user.click(within(confirm).getByRole('button', { name: 'Apply rules' }))
    expect(await screen.findByText('12 transactions updated')).toBeInTheDocument()
    expect(state.sent[1]).toEqual({ method: 'POST', path: '/api/rules/apply', body: { dryRun: false, ruleId: null } })
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
  })

  it('offers nothing to apply when the dry run finds no change', async () => {
    serve({ rules: [tesco], wouldChange: 0 })
    const { user } = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Apply to existing transactions' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Apply rules' })
    expect(confirm).toHaveTextContent('0 transactions would change')
    expect(within(confirm).getByRole('button', { name: 'Apply rules' })).toBeDisabled()
  })
})
