import { BackupPage } from '@/features/backup'

export function BackupRoute() {
  return <BackupPage />
}
