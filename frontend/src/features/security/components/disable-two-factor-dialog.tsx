import { Text } from '@chakra-ui/react'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { notifySuccess } from '@/components/notify'
import { PasswordField } from '@/components/password-field'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { DISABLE_FALLBACK_ERROR, useDisableTwoFactor } from '../api/disable-two-factor'
import { disableTwoFactorSchema } from '../schemas/two-factor'

type DisableTwoFactorDialogProps = {
  open: boolean
  onClose: () => void
}

/** Turning two-factor sign-in off: the password, and a code from the app or a recovery code. */
export function DisableTwoFactorDialog({ open, onClose }: DisableTwoFactorDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} responsive={false}>
      {/* Mounted afresh on every opening, so nothing typed last time stays. */}
      <DisableTwoFactorForm onDone={onClose} />
    </FormDialog>
  )
}

function DisableTwoFactorForm({ onDone }: { onDone: () => void }) {
  const disable = useDisableTwoFactor()
  const { register, handleSubmit, formState: { errors } } = useSchemaForm(disableTwoFactorSchema, {
    password: '',
    code: '',
  })
  return (
    <FormDialogForm
      title="Turn off two-factor authentication"
      onSubmit={handleSubmit((values) =>
        disable.mutate(values, {
          onSuccess: (res) => {
            notifySuccess(res.message)
            onDone()
          },
        }),
      )}
      {...saveFeedback(disable, DISABLE_FALLBACK_ERROR)}
      submitLabel="Turn off"
      pendingLabel="Turning off..."
    >
      <Text>
        Logging in will need only your password again. Confirm it is you with your password and a code from your
        authenticator app, or one of your recovery codes if you no longer have the app.
      </Text>
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <FormField
        label="Authentication or recovery code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.code?.message}
        {...register('code')}
      />
    </FormDialogForm>
  )
}
