import { useMutation } from '@tanstack/react-query'
import { download } from '@/lib/api/client'
import { type DownloadedFile, saveBlob } from '@/lib/api/save-file'
import { londonToday } from '@/lib/calendar-day'

export const BACKUP_FALLBACK_ERROR = 'Failed to download the backup'
/** Every row of a user's data takes longer than a JSON call. */
const BACKUP_TIMEOUT_MS = 300_000

/** 'myspending-backup-2026-11-26.json', or '.zip' with the item photos. */
export function backupFileName(today: string = londonToday(), withPhotos = false): string {
  return `myspending-backup-${today}.${withPhotos ? 'zip' : 'json'}`
}

/** GET /backup: the whole account as one JSON file, or a zip of it and the item photos. */
export async function fetchBackup(withPhotos = false): Promise<DownloadedFile> {
  const { blob } = withPhotos
    ? await download('/api/backup', { params: { query: { images: true } }, accept: 'application/zip', timeoutMs: BACKUP_TIMEOUT_MS })
    : await download('/api/backup', { accept: 'application/json', timeoutMs: BACKUP_TIMEOUT_MS })
  return { blob, fileName: backupFileName(londonToday(), withPhotos) }
}

export function useDownloadBackup() {
  return useMutation({
    mutationFn: async (withPhotos: boolean) => {
      const file = await fetchBackup(withPhotos)
      saveBlob(file)
      return file
    },
  })
}
