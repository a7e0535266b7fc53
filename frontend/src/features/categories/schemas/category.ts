import { z } from 'zod'
import type { Category, CategoryRequest, TaxTreatment } from '@/lib/api/types'

/** Every validation message of the category form. */
export const messages = {
  nameRequired: 'Category name is required',
  nameMax: 'Category name cannot exceed 30 characters',
  descriptionMax: 'Description cannot exceed 100 characters',
  colorInvalid: 'Please select a valid color',
  iconMax: 'Icon name cannot exceed 20 characters',
} as const

export const categorySchema = z.object({
  name: z.string().trim().min(1, messages.nameRequired).max(30, messages.nameMax),
  description: z.string().trim().max(100, messages.descriptionMax),
  color: z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, messages.colorInvalid),
  icon: z.string().max(20, messages.iconMax),
  /** What the category is for: income (never budgeted) or spending. */
  type: z.enum(['income', 'expense']),
  /** Self Assessment: 'none', or the one treatment that fits the type (see [`taxTreatmentFor`]). */
  taxTreatment: z.enum(['none', 'income', 'allowable']),
})

export type CategoryFormInput = z.input<typeof categorySchema>
export type CategoryFormValues = z.output<typeof categorySchema>

export function emptyCategoryForm(): CategoryFormInput {
  return { name: '', description: '', color: '#2196F3', icon: 'shopping-cart', type: 'expense', taxTreatment: 'none' }
}

export function categoryToForm(c: Category): CategoryFormInput {
  return {
    name: c.name,
    description: c.description ?? '',
    color: c.color,
    icon: c.icon,
    type: c.type,
    taxTreatment: c.taxTreatment ?? 'none',
  }
}

/** The Self Assessment treatment a category of `type` may carry: income for tax on income,
 * an allowable expense on spending (the server refuses the other with a 400). */
export function taxTreatmentFor(type: 'income' | 'expense'): TaxTreatment {
  return type === 'income' ? 'income' : 'allowable'
}

export const TAX_TREATMENT_LABELS: Record<TaxTreatment, string> = {
  income: 'Income for tax (Self Assessment)',
  allowable: 'Allowable expense (Self Assessment)',
}

export function toCategoryRequest(values: CategoryFormValues): CategoryRequest {
  // A treatment left over from the other type is dropped rather than refused.
  const taxTreatment = values.taxTreatment === taxTreatmentFor(values.type) ? values.taxTreatment : null
  return { ...values, taxTreatment }
}
