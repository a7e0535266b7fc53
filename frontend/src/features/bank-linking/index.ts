// Public surface of the bank-linking feature, for app/ to compose on /accounts.
export { BankConnections } from './components/bank-connections'
export { BankLinkDialog } from './components/bank-link-dialog'
export { type BankLinking, useBankLinking } from './components/use-bank-linking'
