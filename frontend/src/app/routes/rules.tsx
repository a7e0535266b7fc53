import { RulesPage } from '@/features/rules'

export function RulesRoute() {
  return <RulesPage />
}
