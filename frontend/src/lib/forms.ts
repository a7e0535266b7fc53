import { zodResolver } from '@hookform/resolvers/zod'
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { getErrorMessage } from './api/client'

/**
 * A react-hook-form form checked by a zod schema: the field values are the schema's input
 * (text as typed), a valid submit hands on its output (e.g. pence). Both types come from the
 * schema, so a form names neither.
 */
export function useSchemaForm<Output extends FieldValues, Input extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues })
}

/** The part of a TanStack mutation a form shows: its state and its refusal. */
type MutationState = { isError: boolean; error: unknown; isPending: boolean; reset: () => void }

/**
 * What a form shows of its save call, as FormDialogForm and AuthForm take it: the server's
 * message (else `fallback`) while the call has failed, dismissing it, and whether it is running.
 * Pass the update mutation and its fallback when editing, the create ones otherwise.
 */
export function saveFeedback(mutation: MutationState, fallback: string) {
  return {
    error: mutation.isError ? getErrorMessage(mutation.error, fallback) : null,
    onDismissError: () => mutation.reset(),
    pending: mutation.isPending,
  }
}
