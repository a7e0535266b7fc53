// Public surface of the backup feature, for app/ to compose.
export { BackupPage } from './components/backup-page'
