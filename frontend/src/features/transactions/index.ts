// Public surface of the transactions feature, for app/ to compose.
export { TransactionsPage } from './components/transactions-page'
export { TransactionDetailPage } from './components/transaction-detail-page'
export { TransactionDialog } from './components/transaction-dialog'
export { TransferDialog } from './components/transfer-dialog'
export type { RulePrefill } from './components/use-rule-offer'
