import { Box, Button, Dialog, Flex, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Controller } from 'react-hook-form'
import { DateField } from '@/components/date-field'
import { DIALOG_PX } from '@/components/dialog-form'
import { ErrorAlert } from '@/components/error-alert'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { SelectField } from '@/components/select-field'
import { londonToday } from '@/lib/calendar-day'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { CREATE_TOKEN_FALLBACK_ERROR, useCreateToken } from '../api/create-token'
import type { CreateTokenResponse } from '../api/types'
import { makeApiTokenSchema, TOKEN_SCOPES } from '../schemas/api-token'
import { CopyButton } from './copy-button'

type CreateTokenDialogProps = {
  open: boolean
  onClose: () => void
}

/**
 * Making a personal access token: a name, read-only or read and write, and an optional last day;
 * then the secret, shown this once with a Copy button. Mounted afresh on every opening.
 */
export function CreateTokenDialog({ open, onClose }: CreateTokenDialogProps) {
  const [created, setCreated] = useState<CreateTokenResponse['data'] | null>(null)
  return (
    <FormDialog open={open} onClose={onClose}>
      {created ? (
        <ShownOnce token={created.token} name={created.name} onDone={onClose} />
      ) : (
        <CreateTokenForm onCreated={setCreated} />
      )}
    </FormDialog>
  )
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreateTokenResponse['data']) => void }) {
  const create = useCreateToken()
  const today = londonToday()
  const { register, control, handleSubmit, formState: { errors } } = useSchemaForm(makeApiTokenSchema(), {
    name: '',
    scope: 'read',
    expiresAt: '',
  })
  return (
    <FormDialogForm
      title="Create API token"
      onSubmit={handleSubmit((values) => create.mutate(values, { onSuccess: (res) => onCreated(res.data) }))}
      {...saveFeedback(create, CREATE_TOKEN_FALLBACK_ERROR)}
      submitLabel="Create token"
      pendingLabel="Creating..."
    >
      <FormField
        label="Name"
        placeholder="e.g. Budget spreadsheet"
        helperText="To tell your tokens apart, up to 50 characters."
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField
        label="Access"
        helperText="Read and write acts with your role in the household: a viewer's token still cannot change anything."
        error={errors.scope?.message}
        {...register('scope')}
      >
        {TOKEN_SCOPES.map((scope) => (
          <option key={scope.value} value={scope.value}>
            {scope.label}
          </option>
        ))}
      </SelectField>
      <Controller
        control={control}
        name="expiresAt"
        render={({ field }) => (
          <DateField
            ref={field.ref}
            label="Expires (optional)"
            helperText="It works until the end of this day. Leave empty for a token that never expires."
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            min={today}
            error={errors.expiresAt?.message}
          />
        )}
      />
    </FormDialogForm>
  )
}

function ShownOnce({ token, name, onDone }: { token: string; name: string; onDone: () => void }) {
  return (
    <>
      <Dialog.Header ps={DIALOG_PX} pe="12">
        <Dialog.Title>Token created</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body px={DIALOG_PX}>
        <Stack gap="4">
          <ErrorAlert
            status="warning"
            title="Copy your token now"
            message="It will not be shown again. If you lose it, revoke it and create another."
          />
          <Text>
            Send <strong>{name}</strong> as <code>Authorization: Bearer …</code> with each request to the API.
          </Text>
          <Flex gap="2" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
            <Box
              as="code"
              flex="1"
              fontFamily="mono"
              fontSize="sm"
              px="2"
              py="1.5"
              bg="bg.muted"
              borderRadius="sm"
              wordBreak="break-all"
              data-testid="new-token"
            >
              {token}
            </Box>
            <CopyButton size="sm" text={token} label="Copy" flexShrink={0} />
          </Flex>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer px={DIALOG_PX}>
        <Button colorPalette="teal" onClick={onDone}>
          Done
        </Button>
      </Dialog.Footer>
    </>
  )
}
