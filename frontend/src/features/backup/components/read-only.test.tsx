import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { expectReadOnly, MEMBER, READ_ONLY, VIEWER } from '@/test/household-handlers'
import { renderWithProviders } from '@/test/render'
import { BackupPage } from './backup-page'

describe('BackupPage for a viewer', () => {
  it('downloads a backup but cannot restore one, saying why', async () => {
    renderWithProviders(<BackupPage />, '/settings/backup', { household: VIEWER })
    expect(await screen.findByRole('button', { name: 'Download backup' })).toBeEnabled()
    expect(screen.getByTestId('read-only-hint')).toHaveTextContent(READ_ONLY)
    expectReadOnly(screen.getByRole('button', { name: 'Choose backup file' }))
    expectReadOnly(screen.getByRole('button', { name: 'Restore from backup' }))
  })

  it('leaves a member the choice of a file', async () => {
    renderWithProviders(<BackupPage />, '/settings/backup', { household: MEMBER })
    expect(await screen.findByRole('button', { name: 'Choose backup file' })).toBeEnabled()
    expect(screen.queryByTestId('read-only-hint')).not.toBeInTheDocument()
  })
})
