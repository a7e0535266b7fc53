import { GoalsPage } from '@/features/goals'

export function GoalsRoute() {
  return <GoalsPage />
}
