import { Separator, Stack, Text } from '@chakra-ui/react'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { PasswordField } from '@/components/password-field'
import { PasswordStrength } from '@/components/password-strength'
import { SelectField } from '@/components/select-field'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { onPasswordRefusal } from '@/lib/password-rule'
import type { User } from '@/lib/api/types'
import { PROFILE_FALLBACK_ERROR, useUpdateProfile } from '../api/update-profile'
import { editProfileSchema, toProfileUpdate } from '../schemas/edit-profile'

type EditProfileDialogProps = {
  user: User
  open: boolean
  onClose: () => void
}

export function EditProfileDialog({ user, open, onClose }: EditProfileDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} responsive={false}>
      {/* Mounted afresh on every opening, so the form starts from the cached user. */}
      <EditProfileForm user={user} onDone={onClose} />
    </FormDialog>
  )
}

function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const updateMutation = useUpdateProfile()
  const { register, handleSubmit, setError, watch, formState: { errors } } = useSchemaForm(editProfileSchema, {
    name: user.name,
    email: user.email,
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
    reportYear: user.reportYear ?? 'calendar',
  })

  const newPassword = watch('newPassword')

  const onSubmit = handleSubmit((values) => {
    updateMutation.mutate(toProfileUpdate(values), {
      onSuccess: onDone,
      onError: onPasswordRefusal(
        (message) => setError('newPassword', { message }, { shouldFocus: true }),
        () => updateMutation.reset(),
      ),
    })
  })

  return (
    <FormDialogForm
      title="Edit Profile"
      onSubmit={onSubmit}
      {...saveFeedback(updateMutation, PROFILE_FALLBACK_ERROR)}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
    >
      <FormField
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <SelectField label="Reports open on" size="md" {...register('reportYear')}>
        <option value="calendar">The calendar year (January to December)</option>
        <option value="tax">The UK tax year (6 April to 5 April)</option>
      </SelectField>
      <Separator />
      <Stack gap="1">
        <Text fontWeight="semibold">Change Password</Text>
        <Text fontSize="sm" color="fg.muted">
          Leave these empty to keep your current password.
        </Text>
      </Stack>
      <PasswordField
        label="Current Password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      {newPassword !== '' && <PasswordStrength password={newPassword} />}
      <PasswordField
        label="Confirm New Password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </FormDialogForm>
  )
}
