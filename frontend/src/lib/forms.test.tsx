import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { FormField } from '@/components/form-field'
import { renderWithProviders } from '@/test/render'
import { ApiError } from './api/client'
import { saveFeedback, useSchemaForm } from './forms'

/** Text in, a number out: the shape of every money form. */
const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  count: z
    .string()
    .regex(/^\d+$/, 'Count must be a whole number')
    .transform((text) => Number(text)),
})

function CountForm({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const { register, handleSubmit, formState: { errors } } = useSchemaForm(schema, { name: '', count: '1' })
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label="Stock">
      <FormField label="Name" error={errors.name?.message} {...register('name')} />
      <FormField label="Count" error={errors.count?.message} {...register('count')} />
      <button type="submit">Save</button>
    </form>
  )
}

describe('useSchemaForm', () => {
  it('starts from the default values and hands a valid submit the schema output', async () => {
    const onValid = vi.fn()
    const { user } = renderWithProviders(<CountForm onValid={onValid} />)
    expect(await screen.findByLabelText('Count')).toHaveValue('1')
    await user.type(screen.getByLabelText('Name'), '  Milk ')
    await user.clear(screen.getByLabelText('Count'))
    await user.type(screen.getByLabelText('Count'), '12')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledTimes(1))
    expect(onValid.mock.calls[0][0]).toEqual({ name: 'Milk', count: 12 })
  })

  it("shows the schema's messages for an invalid submit and hands nothing on", async () => {
    const onValid = vi.fn()
    const { user } = renderWithProviders(<CountForm onValid={onValid} />)
    await user.clear(await screen.findByLabelText('Count'))
    await user.type(screen.getByLabelText('Count'), 'ten')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Name is required')).toBeInTheDocument()
    expect(screen.getByText('Count must be a whole number')).toBeInTheDocument()
    expect(onValid).not.toHaveBeenCalled()
  })
})

describe('saveFeedback', () => {
  const idle = { isError: false, error: null, isPending: false, reset: () => {} }

  it('shows nothing while the call has not failed, and says whether it runs', () => {
    expect(saveFeedback(idle, 'Failed to save').error).toBeNull()
    expect(saveFeedback(idle, 'Failed to save').pending).toBe(false)
    expect(saveFeedback({ ...idle, isPending: true }, 'Failed to save').pending).toBe(true)
  })

  it("shows the server's message after a refusal, else the fallback", () => {
    const refused = { ...idle, isError: true, error: new ApiError(409, 'Name already taken') }
    expect(saveFeedback(refused, 'Failed to save').error).toBe('Name already taken')
    const silent = { ...idle, isError: true, error: new Error('network') }
    expect(saveFeedback(silent, 'Failed to save').error).toBe('Failed to save')
  })

  it('dismisses the message by resetting the mutation', () => {
    const reset = vi.fn()
    saveFeedback({ ...idle, reset }, 'Failed to save').onDismissError()
    expect(reset).toHaveBeenCalledTimes(1)
  })
})
