import { useMemo } from 'react'
import { type DefaultValues, type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import type { Category } from '@/lib/api/types'
import { useSchemaForm } from '@/lib/forms'
import { withChosenCategory } from './category-choice'
import { useAccounts } from './get-accounts'
import { useCategories } from './get-categories'

export type EntryType = 'income' | 'expense'

/** The fields every income-or-expense form has, whatever else it asks. */
type EntryFields = {
  type: EntryType
  categoryId: string
  accountId: string
  description: string
  notes: string
}

/**
 * The setup an income-or-expense form shares (the transaction form and its recurring twin, which
 * cannot import each other): the schema form, its accounts and categories, the type toggle that
 * clears a category the other type's list may not have, and the category list for the type with
 * the stored choice kept. The returned prop bundles go straight into `EntryTypeToggle`,
 * `CategoryAccountFields` (`@/components/ledger-entry-fields`) and the text fields.
 */
export function useEntryForm<Output extends FieldValues, Input extends EntryFields>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  /** The categories a type offers (each form has its own rule). */
  categoriesFor: (type: EntryType, all: readonly Category[]) => Category[],
) {
  const form = useSchemaForm(schema, defaultValues)
  // The shared fields, named without the form's own type (a generic form cannot name its paths).
  const entry = form as unknown as UseFormReturn<EntryFields>
  const { errors } = entry.formState
  const accounts = useAccounts()
  const categories = useCategories()
  const type = useWatch({ control: entry.control, name: 'type' })
  const selectedCategory = useWatch({ control: entry.control, name: 'categoryId' })

  const categoryOptions = useMemo(() => {
    const all = categories.data ?? []
    return withChosenCategory(categoriesFor(type === 'income' ? 'income' : 'expense', all), all, selectedCategory)
  }, [categories.data, categoriesFor, type, selectedCategory])

  const switchType = (next: EntryType) => {
    if (next === type) return
    entry.setValue('type', next)
    entry.setValue('categoryId', '')
  }

  const text = (name: 'description' | 'notes') => ({ ...entry.register(name), error: errors[name]?.message })

  return {
    form,
    accounts,
    /** The accounts or the categories could not be loaded. */
    choicesFailed: accounts.isError || categories.isError,
    typeToggle: { value: type, onChange: switchType, error: errors.type?.message },
    categoryAccount: {
      categories: categoryOptions,
      accounts: accounts.data?.accounts ?? [],
      noAccounts: accounts.isSuccess && accounts.data.accounts.length === 0,
      category: entry.register('categoryId'),
      account: entry.register('accountId'),
      categoryError: errors.categoryId?.message,
      accountError: errors.accountId?.message,
    },
    description: text('description'),
    notes: text('notes'),
  }
}
