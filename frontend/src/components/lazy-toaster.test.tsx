import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { notifySuccess, toaster } from './notify'

describe('the Toaster, mounted with the first notice', () => {
  it('is not there before any notice', () => {
    renderWithProviders(<p>Page</p>)
    expect(screen.queryByTestId('success-notice')).not.toBeInTheDocument()
    expect(document.querySelector('[data-scope="toast"][data-part="group"]')).toBeNull()
  })

  it('shows the first notice, and the next', async () => {
    renderWithProviders(<p>Page</p>)
    act(() => notifySuccess('Transaction added successfully'))
    expect(await screen.findByText('Transaction added successfully')).toBeInTheDocument()
    act(() => notifySuccess('Transfer created successfully'))
    expect(await screen.findByText('Transfer created successfully')).toBeInTheDocument()
    act(() => toaster.dismiss())
  })
})
