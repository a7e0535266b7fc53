import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CategoryAccountFields, EntryTypeToggle } from '@/components/ledger-entry-fields'
import type { Category } from '@/lib/api/types'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { type EntryType, useEntryForm } from './use-entry-form'

const schema = z.object({
  type: z.enum(['income', 'expense']),
  categoryId: z.string(),
  accountId: z.string(),
  description: z.string(),
  notes: z.string(),
})

/** Income offers names with 'salary' or 'income', an expense everything else: a rule of the test's own. */
const byName = (type: EntryType, all: readonly Category[]) =>
  all.filter((c) => /salary|income/i.test(c.name) === (type === 'income'))

function Probe({ categoryId = '' }: { categoryId?: string }) {
  const entry = useEntryForm(
    schema,
    { type: 'expense', categoryId, accountId: '', description: '', notes: '' },
    byName,
  )
  return (
    <form>
      <EntryTypeToggle labelId="probe-type" {...entry.typeToggle} />
      <CategoryAccountFields {...entry.categoryAccount} />
      <p>{entry.choicesFailed ? 'choices failed' : 'choices loaded'}</p>
    </form>
  )
}

const options = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((o) => o.textContent)

describe('useEntryForm', () => {
  it("offers the type's categories and clears the chosen one when the type changes", async () => {
    server.use(...ledgerHandlers())
    const { user } = renderWithProviders(<Probe />)
    await waitFor(() => expect(options('Category')).toContain('Groceries'))
    expect(options('Category')).not.toContain('Salary')
    await user.selectOptions(screen.getByLabelText('Category'), 'Travel')

    await user.click(screen.getByRole('button', { name: 'Income' }))
    expect(screen.getByRole('button', { name: 'Income' })).toHaveAttribute('aria-pressed', 'true')
    expect(options('Category')).toEqual(['Select a category', 'Salary', 'Other Income'])
    expect(screen.getByLabelText('Category')).toHaveValue('')
  })

  it("keeps a stored category the type's list leaves out, so editing never loses it", async () => {
    server.use(...ledgerHandlers())
    renderWithProviders(<Probe categoryId="cat-salary" />)
    await waitFor(() => expect(options('Category')).toContain('Groceries'))
    expect(options('Category')[1]).toBe('Salary')
  })

  it('says when the choices could not be loaded', async () => {
    server.use(
      http.get(apiUrl('/categories'), () => HttpResponse.json({ success: false }, { status: 500 })),
      ...ledgerHandlers(),
    )
    renderWithProviders(<Probe />)
    expect(await screen.findByText('choices failed')).toBeInTheDocument()
  })
})
