import { HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { Check, Circle } from 'lucide-react'
import {
  checkPassword,
  type PasswordCheck,
  type PasswordStrength as Strength,
  passwordStrength,
  useCommonPasswords,
} from '@/lib/password-rule'

const REQUIREMENTS: ReadonlyArray<readonly [keyof PasswordCheck, string]> = [
  ['length', 'At least 8 characters'],
  ['upper', 'An uppercase letter'],
  ['lower', 'A lowercase letter'],
  ['digit', 'A number'],
  ['notCommon', 'Not a common password'],
]

const LABEL: Record<Strength, string> = { weak: 'Weak', fair: 'Fair', strong: 'Strong' }
const COLOR: Record<Strength, string> = { weak: 'fg.error', fair: 'fg.warning', strong: 'fg.success' }

/**
 * Under a new-password field: how strong the password typed is (once something is typed) and
 * which of the rule's requirements it meets. The common list loads on the first keystroke; until
 * it has (or offline) that requirement is shown as not checked, and the server still checks it.
 */
export function PasswordStrength({ password }: { password: string }) {
  const common = useCommonPasswords(password !== '')
  const check = checkPassword(password, common)
  const strength = passwordStrength(password, check)
  return (
    <Stack gap="1" fontSize="sm">
      {password !== '' && (
        <Text>
          Strength:{' '}
          <Text as="span" fontWeight="semibold" color={COLOR[strength]}>
            {LABEL[strength]}
          </Text>
        </Text>
      )}
      <Stack as="ul" gap="0.5" listStyleType="none" aria-label="Password requirements">
        {REQUIREMENTS.map(([key, label]) => {
          const met = password !== '' && check[key] === true
          const unchecked = password !== '' && check[key] === undefined
          return (
            <HStack as="li" key={key} gap="1.5" color={met ? 'fg.success' : 'fg.muted'}>
              {met ? <Check size={14} aria-hidden="true" /> : <Circle size={14} aria-hidden="true" />}
              <span>{label}</span>
              <VisuallyHidden>{met ? '(met)' : unchecked ? '(not checked yet)' : '(not met)'}</VisuallyHidden>
            </HStack>
          )
        })}
      </Stack>
    </Stack>
  )
}
