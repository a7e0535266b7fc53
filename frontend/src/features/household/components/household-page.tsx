import { Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { Home } from 'lucide-react'
import { FormField } from '@/components/form-field'
import { LoadError } from '@/components/load-error'
import { notifySuccess } from '@/components/notify'
import { PageHeader } from '@/components/page-layout'
import { usePageTitle } from '@/components/use-page-title'
import { ErrorAlert } from '@/components/error-alert'
import { getErrorMessage } from '@/lib/api/client'
import { useSchemaForm } from '@/lib/forms'
import { type Household, HOUSEHOLD_FALLBACK_ERROR, RENAME_FALLBACK_ERROR, useHousehold, useRenameHousehold } from '../api/household'
import { nameSchema } from '../lib/household'
import { InvitationsCard } from './invitations-card'
import { LeaveCard } from './leave-card'
import { MembersCard } from './members-card'

type HouseholdPageProps = {
  /** The signed-in user's id, to know their role (app/ passes it). */
  currentUserId: string | undefined
}

/**
 * /settings/household: the household's name and its members with their roles. Its owner renames
 * it, changes the others' roles, hands it over, removes people and invites them; anyone else may
 * leave it.
 */
export function HouseholdPage({ currentUserId }: HouseholdPageProps) {
  usePageTitle('Household')
  const household = useHousehold()
  const me = household.data?.members.find((m) => m._id === currentUserId)
  const isOwner = me?.role === 'owner'
  return (
    <Stack gap={{ base: '4', md: '6' }} maxW="3xl">
      <PageHeader title="Household" subtitle="The people who share these books, and what each of them may do." />
      <LoadError sources={[{ query: household, fallback: HOUSEHOLD_FALLBACK_ERROR }]} />
      {household.data ? (
        <>
          {/* A new household (after leaving) starts a fresh form. */}
          <NameCard key={household.data._id} household={household.data} isOwner={isOwner} />
          <MembersCard members={household.data.members} currentUserId={currentUserId} isOwner={isOwner} />
          {isOwner ? <InvitationsCard /> : null}
          {me && !isOwner ? <LeaveCard householdName={household.data.name} /> : null}
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
