import type { APIRequestContext, Page } from '@playwright/test'

import { sessionApi, signUpFreshUser } from './ledger'

/**
 * A fresh signed-in user with 'Everyday Current' (£1,000) and 'Rewards Credit Card' (£2,000 limit),
 * and a way to add transactions to either through the API.
 */
export async function currentAndCard(page: Page, request: APIRequestContext, name: string, email: string) {
  await signUpFreshUser(page, request, name, email)
  const api = await sessionApi(page, request)
  const current = await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '1000.00' })
  const card = await api.post('/accounts', {
    name: 'Rewards Credit Card',
    type: 'credit_card',
    initialBalance: '0',
    creditLimit: '2000.00',
  })
  /** Adds a transaction: `category` is a default category's name. */
  const add = (account: { _id: string }, body: { amount: string; type: 'income' | 'expense'; description: string; category: string; date: string }) => {
    const { category, ...rest } = body
    return api.post('/transactions', { accountId: account._id, notes: '', categoryId: api.categoryId(category), ...rest })
  }
  return { current, card, add }
}
