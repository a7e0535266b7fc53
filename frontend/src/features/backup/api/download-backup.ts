import { useMutation } from '@tanstack/react-query'
import { type DownloadedFile, rawRequest, saveBlob } from '@/lib/api/raw-request'
import { londonToday } from '@/lib/calendar-day'

export const BACKUP_FALLBACK_ERROR = 'Failed to download the backup'
/** Every row of a user's data takes longer than a JSON call. */
const BACKUP_TIMEOUT_MS = 300_000

/** 'myspending-backup-2026-11-26.json'. */
export function backupFileName(today: string = londonToday()): string {
  return `myspending-backup-${today}.json`
}

/** GET /backup: the whole account as one JSON file. */
export async function fetchBackup(): Promise<DownloadedFile> {
  const response = await rawRequest('/backup', { accept: 'application/json', timeoutMs: BACKUP_TIMEOUT_MS })
  return { blob: await response.blob(), fileName: backupFileName() }
}

export function useDownloadBackup() {
  return useMutation({
    mutationFn: async () => {
      const file = await fetchBackup()
      saveBlob(file)
      return file
    },
  })
}
