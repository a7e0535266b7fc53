import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { PasswordStrength } from './password-strength'

function requirement(name: string) {
  return screen.getByText(name).closest('li')
}

describe('PasswordStrength', () => {
  it('lists the requirements, none met, and no strength before anything is typed', () => {
    renderWithProviders(<PasswordStrength password="" />)
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeInTheDocument()
    expect(screen.getAllByRole('listitem')).toHaveLength(5)
    expect(screen.queryByText(/Strength/)).not.toBeInTheDocument()
    expect(requirement('At least 8 characters')).toHaveTextContent('(not met)')
  })

  it('says which requirements a weak password meets', () => {
    renderWithProviders(<PasswordStrength password="secret" />)
    expect(screen.getByText('Strength:')).toHaveTextContent('Strength: Weak')
    expect(requirement('A lowercase letter')).toHaveTextContent('(met)')
    expect(requirement('An uppercase letter')).toHaveTextContent('(not met)')
    expect(requirement('A number')).toHaveTextContent('(not met)')
  })

  it('is fair for an accepted password once the list says it is not common', async () => {
    renderWithProviders(<PasswordStrength password="Secret123" />)
    await waitFor(() => expect(requirement('Not a common password')).toHaveTextContent('(met)'))
    expect(screen.getByText('Strength:')).toHaveTextContent('Strength: Fair')
  })

  it('is strong from 12 characters', () => {
    renderWithProviders(<PasswordStrength password="Secret123456" />)
    expect(screen.getByText('Strength:')).toHaveTextContent('Strength: Strong')
  })

  it('once the list has loaded, calls a common password weak whatever its case', async () => {
    renderWithProviders(<PasswordStrength password="PassWord1" />)
    await waitFor(() => expect(requirement('Not a common password')).toHaveTextContent('(not met)'))
    expect(screen.getByText('Strength:')).toHaveTextContent('Strength: Weak')
    expect(requirement('At least 8 characters')).toHaveTextContent('(met)')
  })
})
