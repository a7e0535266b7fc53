import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { toaster } from '@/components/notify'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { backupFileName } from '../api/download-backup'
import { missingPhotosText, restoredCountsText } from '../lib/counts'
import { BackupPage } from './backup-page'

beforeEach(() => toaster.remove())

function catchDownloads() {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:backup'), revokeObjectURL: vi.fn() })
  return vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
}

async function chooseBackup(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.upload(screen.getByLabelText('Backup file'), new File(['{"version":1}'], 'myspending-backup-2026-11-01.json', { type: 'application/json' }))
  expect(screen.getByTestId('backup-file-name')).toHaveTextContent('myspending-backup-2026-11-01.json')
}

describe('BackupPage', () => {
  it('downloads the backup as one JSON file', async () => {
    const urls: string[] = []
    server.use(
      http.get(apiUrl('/backup'), ({ request }) => {
        urls.push(new URL(request.url).search)
        return HttpResponse.json({ version: 1, exportedAt: '2026-11-26T00:00:00Z' })
      }),
    )
    const click = catchDownloads()
    const { user } = renderWithProviders(<BackupPage />, '/settings/backup')
    expect(screen.getByRole('heading', { name: 'Backup and restore', level: 1 })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Download backup' }))
    expect(await screen.findByText('Backup downloaded')).toBeInTheDocument()
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^myspending-backup-\d{4}-\d{2}-\d{2}\.json$/)
    expect(urls).toEqual([''])
  })

  it('downloads a zip with the item photos when asked', async () => {
    const urls: string[] = []
    server.use(
      http.get(apiUrl('/backup'), ({ request }) => {
        urls.push(new URL(request.url).search)
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), { headers: { 'Content-Type': 'application/zip' } })
      }),
    )
    const click = catchDownloads()
    const { user } = renderWithProviders(<BackupPage />, '/settings/backup')
    await user.click(screen.getByRole('checkbox', { name: 'Include item photos' }))
    await user.click(screen.getByRole('button', { name: 'Download backup' }))
    expect(await screen.findByText('Backup downloaded')).toBeInTheDocument()
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^myspending-backup-\d{4}-\d{2}-\d{2}\.zip$/)
    expect(urls).toEqual(['?images=true'])
  })

  it("shows the server's refusal of a restore into an account with data", async () => {
    const message = 'Restore needs an empty account: this one already has accounts, transactions, goals or inventory'
    server.use(http.post(apiUrl('/restore'), () => HttpResponse.json({ success: false, message }, { status: 409 })))
    const { user, router } = renderWithProviders(<BackupPage />, '/settings/backup')
    expect(screen.getByRole('button', { name: 'Restore from backup' })).toBeDisabled()
    await chooseBackup(user)
    await user.click(screen.getByRole('button', { name: 'Restore from backup' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Restore from backup' })
    expect(confirm).toHaveTextContent('This only works on an empty account.')
    await user.click(within(confirm).getByRole('button', { name: 'Restore' }))
    expect(await within(confirm).findByText(message)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/settings/backup')
  })

  it('restores a backup, says what came back and goes to the dashboard', async () => {
    let sent = false
    server.use(
      http.post(apiUrl('/restore'), async ({ request }) => {
        sent = (await request.formData()).has('file')
        return HttpResponse.json({
          success: true,
          message: 'Backup restored',
          data: { accounts: 2, transactions: 140, categories: 16, budgets: 0, recurring: 0, goals: 0, inventory: 3, rules: 1, photos: 2, photosMissing: 1 },
        })
      }),
    )
    const { user, router, queryClient } = renderWithProviders(<BackupPage />, '/settings/backup')
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    await chooseBackup(user)
    await user.click(screen.getByRole('button', { name: 'Restore from backup' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }))
    expect(
      await screen.findByText(
        'Backup restored: 2 accounts, 140 transactions, 16 categories, 3 inventory items, 1 rule, 2 photos. 1 item photo was not in the backup; that item has no photo',
      ),
    ).toBeInTheDocument()
    expect(sent).toBe(true)
    expect(invalidate).toHaveBeenCalledWith()
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it("shows 'This is not a MySpending backup'", async () => {
    server.use(
      http.post(apiUrl('/restore'), () =>
        HttpResponse.json({ success: false, message: 'This is not a MySpending backup' }, { status: 400 }),
      ),
    )
    const { user } = renderWithProviders(<BackupPage />, '/settings/backup')
    await chooseBackup(user)
    await user.click(screen.getByRole('button', { name: 'Restore from backup' }))
    const confirm = await screen.findByRole('alertdialog')
    await user.click(within(confirm).getByRole('button', { name: 'Restore' }))
    expect(await within(confirm).findByText('This is not a MySpending backup')).toBeInTheDocument()
  })
})

describe('backup helpers', () => {
  it('names the file for the day and its kind', () => {
    expect(backupFileName('2026-11-26')).toBe('myspending-backup-2026-11-26.json')
    expect(backupFileName('2026-11-26', true)).toBe('myspending-backup-2026-11-26.zip')
  })

  it('lists the non-zero counts in words', () => {
    expect(restoredCountsText({ accounts: 1, recurring: 2, goals: 0, inventory: 1, categories: 3 })).toBe('1 account, 3 categories, 2 recurring payments, 1 inventory item')
    expect(restoredCountsText(undefined)).toBe('')
    expect(restoredCountsText({ inventory: 2, photos: 1 })).toBe('2 inventory items, 1 photo')
  })

  it('says how many photos did not come back', () => {
    expect(missingPhotosText({ photosMissing: 0 })).toBe('')
    expect(missingPhotosText({ photosMissing: 1 })).toBe('1 item photo was not in the backup; that item has no photo')
    expect(missingPhotosText({ photosMissing: 3 })).toBe('3 item photos were not in the backup; those items have no photo')
  })
})
