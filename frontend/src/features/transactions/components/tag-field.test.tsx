import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { makeAccount, makeTag, makeTransaction } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { TransactionDialog } from './transaction-dialog'

const holiday = makeTag()
const kids = makeTag({ _id: 'tag-kids', name: 'Kids', color: '#4CAF50' })

async function openDialog(transaction = null as ReturnType<typeof makeTransaction> | null) {
  server.use(...ledgerHandlers({ accounts: [makeAccount()], tags: [holiday, kids] }))
  const onClose = vi.fn()
  const view = renderWithProviders(
    <TransactionDialog open onClose={onClose} transaction={transaction} today={() => '2026-06-15'} />,
  )
  await screen.findByRole('option', { name: 'Everyday Current (Current Account)' })
  return { ...view, dialog: screen.getByRole('dialog'), onClose }
}

async function fillIn(user: ReturnType<typeof renderWithProviders>['user'], dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Amount'), '12')
  await user.type(within(dialog).getByLabelText('Description'), 'Ice creams')
  await user.selectOptions(within(dialog).getByLabelText('Category'), 'Groceries')
  await user.selectOptions(within(dialog).getByLabelText('Account'), 'Everyday Current (Current Account)')
}

describe('the tag field', () => {
  it("suggests the household's tags as one types, creates a new name on save and sends the ids", async () => {
    const sent: { tags: unknown[]; transaction?: Record<string, unknown> } = { tags: [] }
    server.use(
      http.post(apiUrl('/tags'), async ({ request }) => {
        const body = (await request.json()) as { name: string; color: string }
        sent.tags.push(body)
        return HttpResponse.json({ success: true, data: makeTag({ _id: 'tag-new', name: body.name, transactionCount: 0 }) }, { status: 201 })
      }),
      http.post(apiUrl('/transactions'), async ({ request }) => {
        sent.transaction = (await request.json()) as Record<string, unknown>
        return HttpResponse.json({ success: true, data: makeTransaction({ _id: 'new' }) }, { status: 201 })
      }),
    )
    const { user, dialog, onClose } = await openDialog()
    await fillIn(user, dialog)
    const box = within(dialog).getByLabelText('Tags')
    await user.type(box, 'hol')
    await user.click(within(dialog).getByRole('button', { name: 'Add tag Holiday 2026' }))
    expect(within(dialog).getByRole('group', { name: 'Chosen tags' })).toHaveTextContent('Holiday 2026')
    // A name nobody has yet: offered as new, and made when the form is saved.
    await user.type(box, 'Beach day{Enter}')
    expect(within(dialog).getByText('Beach day (new)')).toBeInTheDocument()
    // Typing a known name (any case) picks that tag rather than making another.
    await user.type(box, 'KIDS{Enter}')
    expect(within(dialog).getByText('Kids')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Add Transaction' }))

    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent.tags).toEqual([{ name: 'Beach day', color: '#2196F3' }])
    expect(sent.transaction?.tagIds).toEqual(['tag-holiday', 'tag-new', 'tag-kids'])
  }, 20_000)

  it('takes a chip off with its button or Backspace, refuses a name over 30 characters, and stops at 10', async () => {
    const { user, dialog } = await openDialog(makeTransaction({ tags: [{ _id: 'tag-kids', name: 'Kids', color: '#4CAF50' }] }))
    const box = within(dialog).getByLabelText('Tags')
    await user.click(within(dialog).getByRole('button', { name: 'Remove tag Kids' }))
    expect(within(dialog).queryByRole('group', { name: 'Chosen tags' })).not.toBeInTheDocument()
    await user.type(box, `${'x'.repeat(31)}{Enter}`)
    expect(within(dialog).getByText('Tag name must be at most 30 characters')).toBeInTheDocument()
    await user.clear(box)
    for (let i = 0; i < 10; i++) await user.type(box, `Tag ${i}{Enter}`)
    expect(box).toBeDisabled()
    expect(box).toHaveAttribute('placeholder', 'At most 10 tags')
    await user.click(within(dialog).getByRole('button', { name: 'Remove tag Tag 9 (new)' }))
    expect(box).toBeEnabled()
    await user.type(box, '{Backspace}')
    expect(within(dialog).queryByText('Tag 8 (new)')).not.toBeInTheDocument()
  }, 20_000)

  it('takes away a tag it made when the server then refuses the transaction, and makes it again on the next save', async () => {
    const made: string[] = []
    const deleted: string[] = []
    let refuse = true
    server.use(
      http.post(apiUrl('/tags'), async ({ request }) => {
        const body = (await request.json()) as { name: string }
        made.push(body.name)
        return HttpResponse.json({ success: true, data: makeTag({ _id: `tag-${made.length}`, name: body.name }) }, { status: 201 })
      }),
      http.delete(apiUrl('/tags/:id'), ({ params }) => {
        deleted.push(String(params.id))
        return HttpResponse.json({ success: true, message: 'Tag deleted' })
      }),
      http.post(apiUrl('/transactions'), () =>
        refuse
          ? HttpResponse.json({ success: false, code: 'not_found', message: 'Account not found' }, { status: 404 })
          : HttpResponse.json({ success: true, data: makeTransaction({ _id: 'new' }) }, { status: 201 }),
      ),
    )
    const { user, dialog, onClose } = await openDialog()
    await fillIn(user, dialog)
    await user.type(within(dialog).getByLabelText('Tags'), 'Beach day{Enter}')
    await user.click(within(dialog).getByRole('button', { name: 'Add Transaction' }))
    expect(await within(dialog).findByText('Account not found')).toBeInTheDocument()
    await waitFor(() => expect(deleted).toEqual(['tag-1']))
    refuse = false
    await user.click(within(dialog).getByRole('button', { name: 'Add Transaction' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(made).toEqual(['Beach day', 'Beach day'])
    expect(deleted).toEqual(['tag-1'])
  }, 20_000)

  it("keeps the form and shows the server's refusal when a new tag cannot be made", async () => {
    let transactions = 0
    server.use(
      http.post(apiUrl('/tags'), () =>
        HttpResponse.json({ success: false, code: 'validation', message: 'Tag name cannot contain control characters' }, { status: 400 }),
      ),
      http.post(apiUrl('/transactions'), () => {
        transactions += 1
        return HttpResponse.json({ success: true, data: makeTransaction() }, { status: 201 })
      }),
    )
    const { user, dialog, onClose } = await openDialog()
    await fillIn(user, dialog)
    await user.type(within(dialog).getByLabelText('Tags'), 'Odd{Enter}')
    await user.click(within(dialog).getByRole('button', { name: 'Add Transaction' }))
    expect(await within(dialog).findByText('Tag name cannot contain control characters')).toBeInTheDocument()
    expect(transactions).toBe(0)
    expect(onClose).not.toHaveBeenCalled()
  }, 20_000)
})
