import { Button, CloseButton, Dialog, Portal, Separator, Stack, Text } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { ErrorAlert } from '@/components/error-alert'
import { FormField } from '@/components/form-field'
import { PasswordField } from '@/components/password-field'
import { getErrorMessage } from '@/lib/api/client'
import type { User } from '@/lib/api/types'
import { PROFILE_FALLBACK_ERROR, useUpdateProfile } from '../api/update-profile'
import {
  type EditProfileInput,
  type EditProfileValues,
  editProfileSchema,
  toProfileUpdate,
} from '../schemas/edit-profile'

type EditProfileDialogProps = {
  user: User
  open: boolean
  onClose: () => void
}

export function EditProfileDialog({ user, open, onClose }: EditProfileDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      size="md"
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* Mounted afresh on every opening, so the form starts from the cached user. */}
          <EditProfileForm user={user} onDone={onClose} />
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const updateMutation = useUpdateProfile()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditProfileInput, unknown, EditProfileValues>({
    resolver: zodResolver(editProfileSchema),
    defaultValues: {
      name: user.name,
      email: user.email,
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    },
  })

  const onSubmit = handleSubmit((values) => {
    updateMutation.mutate(toProfileUpdate(values), { onSuccess: onDone })
  })

  return (
    <Dialog.Content asChild>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Header>
          <Dialog.Title>Edit Profile</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <ErrorAlert
              message={
                updateMutation.isError
                  ? getErrorMessage(updateMutation.error, PROFILE_FALLBACK_ERROR)
                  : null
              }
              onClose={() => updateMutation.reset()}
            />
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
            <PasswordField
              label="Confirm New Password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" type="button">
              Cancel
            </Button>
          </Dialog.ActionTrigger>
          <Button
            type="submit"
            colorPalette="teal"
            loading={updateMutation.isPending}
            loadingText="Saving..."
          >
            Save Changes
          </Button>
        </Dialog.Footer>
        <Dialog.CloseTrigger asChild>
          <CloseButton size="sm" aria-label="Close" />
        </Dialog.CloseTrigger>
      </form>
    </Dialog.Content>
  )
}
