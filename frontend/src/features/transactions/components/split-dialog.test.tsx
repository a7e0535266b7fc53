import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { makeAccount, makeSplitTransaction } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderWithProviders } from '@/test/render'
import { expectNoAriaViolations } from '@/test/axe'
import { apiUrl, server } from '@/test/server'
import { TransactionDialog } from './transaction-dialog'

const today = () => '2026-06-15'

async function openDialog(props: Partial<Parameters<typeof TransactionDialog>[0]> = {}) {
  server.use(...ledgerHandlers({ accounts: [makeAccount()] }))
  const onClose = vi.fn()
  const onSaved = vi.fn()
  const view = renderWithProviders(
    <TransactionDialog open onClose={onClose} onSaved={onSaved} today={today} {...props} />,
  )
  await screen.findByRole('option', { name: 'Everyday Current (Current Account)' })
  const dialog = screen.getByRole('dialog')
  return { ...view, dialog, onClose, onSaved }
}

type View = Awaited<ReturnType<typeof openDialog>>

/** Sets part `n` (1-based): picks its category, replaces its amount, types its note. */
async function setPart({ user, dialog }: View, n: number, part: { category?: string; amount?: string; note?: string }) {
  if (part.category) await user.selectOptions(within(dialog).getByLabelText(`Part ${n} category`), part.category)
  if (part.amount !== undefined) {
    await user.clear(within(dialog).getByLabelText(`Part ${n} amount`))
    await user.type(within(dialog).getByLabelText(`Part ${n} amount`), part.amount)
  }
  if (part.note) await user.type(within(dialog).getByLabelText(`Part ${n} note`), part.note)
}

/** The Tesco shop's amount, description and account typed in, then split (from `category`, if given). */
async function startTesco({ user, dialog }: View, category?: string) {
  await user.type(within(dialog).getByLabelText('Amount'), '84.20')
  await user.type(within(dialog).getByLabelText('Description'), 'Tesco')
  await user.selectOptions(within(dialog).getByLabelText('Account'), 'Everyday Current (Current Account)')
  if (category) await user.selectOptions(within(dialog).getByLabelText('Category'), category)
  await user.click(within(dialog).getByRole('button', { name: 'Split across categories' }))
}

/** Captures the body of the next POST or PUT /transactions; answers `answer` (a 200 by default). */
function captureSave(method: 'post' | 'put', answer?: () => Response) {
  const sent: { body?: unknown } = {}
  const path = method === 'post' ? '/transactions' : '/transactions/:id'
  server.use(
    http[method](apiUrl(path), async ({ request }) => {
      sent.body = await request.json()
      return answer?.() ?? HttpResponse.json({ success: true, data: makeSplitTransaction() }, { status: method === 'post' ? 201 : 200 })
    }),
  )
  return sent
}

describe('TransactionDialog: splitting across categories', () => {
  it('starts with two parts, the first holding the category and the whole amount, and tallies live', async () => {
    const view = await openDialog()
    const { user, dialog } = view
    await user.type(within(dialog).getByLabelText('Amount'), '84.2')
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Groceries')
    await user.click(within(dialog).getByRole('button', { name: 'Split across categories' }))

    expect(within(dialog).queryByLabelText('Category')).not.toBeInTheDocument()
    expect(within(dialog).getAllByTestId('split-row')).toHaveLength(2)
    expect(within(dialog).getByLabelText('Part 1 category')).toHaveValue('cat-groceries')
    expect(within(dialog).getByLabelText('Part 1 amount')).toHaveValue('84.20')
    expect(within(dialog).getByLabelText('Part 2 category')).toHaveValue('')
    expect(within(dialog).getByTestId('split-equation')).toHaveTextContent('£84.20 + £0.00 = £84.20 of £84.20')
    expect(within(dialog).getByTestId('split-left')).toHaveTextContent('£0.00 left to split')

    await setPart(view, 1, { amount: '61' })
    expect(within(dialog).getByTestId('split-left')).toHaveTextContent('£23.20 left to split')
    await user.type(within(dialog).getByLabelText('Part 2 amount'), '26.40')
    expect(within(dialog).getByTestId('split-equation')).toHaveTextContent('£61.00 + £26.40 = £87.40 of £84.20')
    expect(within(dialog).getByTestId('split-left')).toHaveTextContent('£3.20 over')
    await expectNoAriaViolations(dialog)
  })

  it('adds parts up to 20 (a new one takes what is left) and removes them down to 2', async () => {
    const view = await openDialog()
    const { user, dialog } = view
    await user.type(within(dialog).getByLabelText('Amount'), '30')
    await user.click(within(dialog).getByRole('button', { name: 'Split across categories' }))
    await setPart(view, 1, { amount: '10' })
    expect(within(dialog).getByRole('button', { name: 'Remove part 1' })).toBeDisabled()

    await user.click(within(dialog).getByRole('button', { name: 'Add part' }))
    expect(within(dialog).getByLabelText('Part 3 amount')).toHaveValue('20.00')
    expect(within(dialog).getByRole('button', { name: 'Remove part 1' })).toBeEnabled()
    for (let i = 3; i < 20; i += 1) await user.click(within(dialog).getByRole('button', { name: 'Add part' }))
    expect(within(dialog).getAllByTestId('split-row')).toHaveLength(20)
    expect(within(dialog).getByRole('button', { name: 'Add part' })).toBeDisabled()

    await user.click(within(dialog).getByRole('button', { name: 'Remove part 20' }))
    expect(within(dialog).getAllByTestId('split-row')).toHaveLength(19)
    expect(within(dialog).getByRole('button', { name: 'Add part' })).toBeEnabled()
  }, 20_000)

  it("refuses parts that do not add up, in the server's words, and sends the parts once they do", async () => {
    const sent = captureSave('post')
    const view = await openDialog()
    const { user, dialog, onSaved } = view
    await startTesco(view)
    await setPart(view, 1, { category: 'Groceries', amount: '61' })
    await setPart(view, 2, { category: 'Travel', amount: '19', note: 'Bus pass' })
    await user.click(within(dialog).getByRole('button', { name: 'Add Transaction' }))

    expect(await within(dialog).findByText('Split amounts must add up to £84.20 (they add up to £80.00)')).toBeInTheDocument()
    expect(within(dialog).queryByText('Category is required')).not.toBeInTheDocument()
    expect(sent.body).toBeUndefined()

    // The message follows the parts as they change, and goes once they add up.
    await user.type(within(dialog).getByLabelText('Part 2 amount'), '.5')
    expect(within(dialog).getByText('Split amounts must add up to £84.20 (they add up to £80.50)')).toBeInTheDocument()
    await setPart(view, 2, { amount: '23.20' })
    expect(within(dialog).queryByText(/Split amounts must add up/)).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Add Transaction' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.anything(), 'create'))
    expect(sent.body).toEqual({
      amount: '-84.20',
      description: 'Tesco',
      type: 'expense',
      accountId: 'acc-current',
      date: '2026-06-15',
      notes: '',
      tagIds: [],
      splits: [
        { categoryId: 'cat-groceries', amount: '61.00' },
        { categoryId: 'cat-travel', amount: '23.20', note: 'Bus pass' },
      ],
    })
  })

  it("shows the server's refusal of the parts under them", async () => {
    captureSave('post', () =>
      HttpResponse.json(
        { success: false, code: 'validation', message: 'Split amounts must add up to £84.20 (they add up to £84.21)' },
        { status: 400 },
      ),
    )
    const view = await openDialog()
    const { user, dialog, onClose } = view
    await startTesco(view, 'Groceries')
    await setPart(view, 1, { amount: '84' })
    await setPart(view, 2, { category: 'Travel', amount: '0.20' })
    await user.click(within(dialog).getByRole('button', { name: 'Add Transaction' }))

    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Split amounts must add up to £84.20 (they add up to £84.21)')
    expect(onClose).not.toHaveBeenCalled()
  })

  it('opens a split transaction in split mode and sends its edited parts with PUT', async () => {
    const sent = captureSave('put')
    const view = await openDialog({ transaction: makeSplitTransaction() })
    const { user, dialog } = view
    expect(within(dialog).getAllByTestId('split-row')).toHaveLength(2)
    expect(within(dialog).getByLabelText('Part 2 category')).toHaveValue('cat-travel')
    expect(within(dialog).getByLabelText('Part 2 amount')).toHaveValue('23.20')
    expect(within(dialog).getByLabelText('Part 2 note')).toHaveValue('Bus pass')
    expect(within(dialog).getByTestId('split-left')).toHaveTextContent('£0.00 left to split')

    await setPart(view, 1, { amount: '60' })
    await user.click(within(dialog).getByRole('button', { name: 'Add part' }))
    await setPart(view, 3, { category: 'Hobby Stuff' })
    await user.click(within(dialog).getByRole('button', { name: 'Update Transaction' }))

    await waitFor(() => expect(sent.body).toBeDefined())
    expect(sent.body).toMatchObject({
      amount: '-84.20',
      splits: [
        { categoryId: 'cat-groceries', amount: '60.00' },
        { categoryId: 'cat-travel', amount: '23.20', note: 'Bus pass' },
        { categoryId: 'cat-hobby', amount: '1.00' },
      ],
    })
    expect(sent.body).not.toHaveProperty('categoryId')
  })

  it("removing the split goes back to the first part's category and sends 'splits: []' with it", async () => {
    const sent = captureSave('put')
    const { user, dialog } = await openDialog({ transaction: makeSplitTransaction() })
    await user.click(within(dialog).getByRole('button', { name: 'Remove split' }))

    expect(within(dialog).queryByTestId('split-row')).not.toBeInTheDocument()
    expect(within(dialog).getByLabelText('Category')).toHaveValue('cat-groceries')
    await user.click(within(dialog).getByRole('button', { name: 'Update Transaction' }))

    await waitFor(() => expect(sent.body).toBeDefined())
    expect(sent.body).toMatchObject({ amount: '-84.20', categoryId: 'cat-groceries', splits: [] })
  })
})
