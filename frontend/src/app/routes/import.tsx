import { ImportPage } from '@/features/imports'

export function ImportRoute() {
  return <ImportPage />
}
