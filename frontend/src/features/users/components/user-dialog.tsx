import { useState } from 'react'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { notifyAndClose } from '@/components/notify-and-close'
import { PasswordField } from '@/components/password-field'
import { PasswordStrength } from '@/components/password-strength'
import { SelectField } from '@/components/select-field'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { onPasswordRefusal } from '@/lib/password-rule'
import { CREATE_USER_FALLBACK_ERROR, useCreateUser } from '../api/create-user'
import type { ManagedUser } from '../api/types'
import { UPDATE_USER_FALLBACK_ERROR, useUpdateUser } from '../api/update-user'
import { ROLE_LABELS } from '../lib/labels'
import {
  editUserSchema,
  emptyUserForm,
  newUserSchema,
  toEditUserRequest,
  toNewUserRequest,
  USER_ROLES,
  userToForm,
} from '../schemas/user'

type UserDialogProps = {
  open: boolean
  onClose: () => void
  /** Edit mode when given. */
  user?: ManagedUser | null
}

/** 'Add New User' or 'Edit User'. It stays open on a refusal, showing the server's message. */
export function UserDialog({ open, onClose, user }: UserDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <UserForm
        user={user ?? null}
        onDone={notifyAndClose(onClose)}
      />
    </FormDialog>
  )
}

type UserFormProps = {
  user: ManagedUser | null
  onDone: (message: string) => void
}

function UserForm(props: UserFormProps) {
  // Kept from the opening, so the form does not switch mode while the dialog animates out.
  const [user] = useState(props.user)
  const editing = user !== null
  const createMutation = useCreateUser()
  const updateMutation = useUpdateUser()
  const mutation = editing ? updateMutation : createMutation
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useSchemaForm(editing ? editUserSchema : newUserSchema, user ? userToForm(user) : emptyUserForm())

  const password = watch('password')
  const onError = onPasswordRefusal(
    (message) => setError('password', { message }, { shouldFocus: true }),
    () => mutation.reset(),
  )

  const onSubmit = handleSubmit((values) => {
    if (user) {
      updateMutation.mutate(
        { id: user._id, body: toEditUserRequest(values) },
        { onSuccess: (res) => props.onDone(res.message || 'User updated successfully'), onError },
      )
    } else {
      createMutation.mutate(toNewUserRequest(values), {
        onSuccess: (res) => props.onDone(res.message || 'User created successfully'),
        onError,
      })
    }
  })

  return (
    <FormDialogForm
      title={editing ? 'Edit User' : 'Add New User'}
      onSubmit={onSubmit}
      {...saveFeedback(mutation, editing ? UPDATE_USER_FALLBACK_ERROR : CREATE_USER_FALLBACK_ERROR)}
      submitLabel={editing ? 'Update' : 'Create'}
      pendingLabel="Saving..."
    >
      <FormField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <FormField
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label={editing ? 'Password (leave blank to keep current)' : 'Password'}
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {password !== '' && <PasswordStrength password={password} />}
      <SelectField label="Role" error={errors.role?.message} {...register('role')}>
        {USER_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </SelectField>
    </FormDialogForm>
  )
}
