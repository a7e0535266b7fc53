import { Badge, Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { Home, Users } from 'lucide-react'
import { FormField } from '@/components/form-field'
import { LoadError } from '@/components/load-error'
import { notifySuccess } from '@/components/notify'
import { PageHeader } from '@/components/page-layout'
import { usePageTitle } from '@/components/use-page-title'
import { ErrorAlert } from '@/components/error-alert'
import { getErrorMessage } from '@/lib/api/client'
import { useSchemaForm } from '@/lib/forms'
import { formatDate } from '@/lib/format'
import {
  type Household,
  HOUSEHOLD_FALLBACK_ERROR,
  type HouseholdMember,
  RENAME_FALLBACK_ERROR,
  useHousehold,
  useRenameHousehold,
} from '../api/household'
import { nameSchema, ROLE_TEXT } from '../lib/household'

type HouseholdPageProps = {
  /** The signed-in user's id, to know their role (app/ passes it). */
  currentUserId: string | undefined
}

/** /settings/household: the household's name (its owner renames it) and its members with their roles. */
export function HouseholdPage({ currentUserId }: HouseholdPageProps) {
  usePageTitle('Household')
  const household = useHousehold()
  const me = household.data?.members.find((m) => m._id === currentUserId)
  return (
    <Stack gap={{ base: '4', md: '6' }} maxW="3xl">
      <PageHeader title="Household" subtitle="The people who share these books, and what each of them may do." />
      <LoadError sources={[{ query: household, fallback: HOUSEHOLD_FALLBACK_ERROR }]} />
      {household.data ? (
        <>
          <NameCard household={household.data} isOwner={me?.role === 'owner'} />
          <MembersCard members={household.data.members} currentUserId={currentUserId} />
        </>
      ) : null}
    </Stack>
  )
}

function NameCard({ household, isOwner }: { household: Household; isOwner: boolean }) {
  const rename = useRenameHousehold()
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
    reset,
  } = useSchemaForm(nameSchema, { name: household.name })
  const onSubmit = handleSubmit(({ name }) =>
    rename.mutate(name, {
      onSuccess: (saved) => {
        reset({ name: saved.name })
        notifySuccess('Household renamed')
      },
    }),
  )
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Body gap="3">
        <HStack gap="2">
          <Home size={20} aria-hidden="true" />
          <Heading as="h2" size="lg">
            Name
          </Heading>
        </HStack>
        {isOwner ? (
          <form onSubmit={onSubmit} noValidate>
            <Flex gap="3" align={{ base: 'stretch', sm: 'flex-end' }} direction={{ base: 'column', sm: 'row' }}>
              <Box flex="1">
                <FormField label="Household name" autoComplete="off" error={errors.name?.message} {...register('name')} />
              </Box>
              <Button type="submit" colorPalette="teal" loading={rename.isPending} loadingText="Saving..." disabled={!isDirty}>
                Save
              </Button>
            </Flex>
            <Box mt={rename.isError ? '3' : '0'}>
              <ErrorAlert message={rename.isError ? getErrorMessage(rename.error, RENAME_FALLBACK_ERROR) : null} />
            </Box>
          </form>
        ) : (
          <>
            <Text fontSize="lg" fontWeight="semibold">
              {household.name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              Only the household's owner can rename it.
            </Text>
          </>
        )}
      </Card.Body>
    </Card.Root>
  )
}

function MembersCard({ members, currentUserId }: { members: HouseholdMember[]; currentUserId: string | undefined }) {
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Body gap="3">
        <HStack gap="2">
          <Users size={20} aria-hidden="true" />
          <Heading as="h2" size="lg">
            Members ({members.length})
          </Heading>
        </HStack>
        <Stack as="ul" gap="0" listStyleType="none" aria-label="Household members">
          {members.map((m) => {
            const role = ROLE_TEXT[m.role]
            return (
              <Flex
                as="li"
                key={m._id}
                gap="3"
                py="3"
                borderTopWidth="1px"
                _first={{ borderTopWidth: 0 }}
                justify="space-between"
                align={{ base: 'flex-start', sm: 'center' }}
                direction={{ base: 'column', sm: 'row' }}
                data-testid="household-member"
              >
                <Box minW="0">
                  <Text fontWeight="medium" wordBreak="break-word">
                    {m.name}
                    {m._id === currentUserId ? ' (you)' : ''}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                    {m.email}
                  </Text>
                </Box>
                <Box textAlign={{ base: 'start', sm: 'end' }} flexShrink={0}>
                  <Badge colorPalette={role.palette}>{role.label}</Badge>
                  <Text fontSize="xs" color="fg.muted" mt="1">
                    {role.meaning} · joined {formatDate(m.joinedAt)}
                  </Text>
                </Box>
              </Flex>
            )
          })}
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}
