// Public surface of the rules feature, for app/ to compose.
export { RulesPage } from './components/rules-page'
export { RuleDialog } from './components/rule-dialog'
export type { RulePrefill } from './schemas/rule'
