import { Box, Button, Card, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react'
import { Circle, CircleCheck, Lock } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { useAccounts } from '@/lib/ledger/get-accounts'
import { useStartProgress } from '../api/get-start-progress'
import { hideStart, isStartHidden } from '../lib/start-hidden'

type Step = { title: string; detail: string; done: boolean; to?: string; blocked?: boolean }

type GettingStartedProps = {
  userId: string
  /** Bank linking is allowed for this user (an administrator's choice). */
  canConnectBank: boolean
}

/**
 * A new household's first steps on the dashboard: add an account, bring in transactions, connect
 * a bank (or why not), set a budget. Each ticks itself off from the data; the card goes for good
 * once all are done or it is hidden.
 */
export function GettingStarted({ userId, canConnectBank }: GettingStartedProps) {
  const [hidden, setHidden] = useState(() => isStartHidden(userId))
  const accounts = useAccounts()
  const progress = useStartProgress(!hidden)
  const steps: Step[] | null =
    accounts.isSuccess && progress.isSuccess
      ? [
          {
            title: 'Add an account',
            detail: 'Your current account, savings or a card, with its balance on the day you start.',
            done: accounts.data.accounts.length > 0,
            to: '/accounts',
          },
          {
            title: 'Bring in your transactions',
            detail: "Import a statement from your bank's CSV, OFX or QIF export, or add one by hand.",
            done: progress.data.hasTransactions,
            to: '/import',
          },
          canConnectBank
            ? {
                title: 'Connect your bank',
                detail: 'New transactions then arrive by themselves.',
                done: progress.data.hasBank,
                to: '/accounts',
              }
            : {
                title: 'Connect your bank',
                detail: 'Ask your administrator to allow bank linking.',
                done: false,
                blocked: true,
              },
          {
            title: 'Set a budget',
            detail: 'Choose the categories to watch each month.',
            done: progress.data.hasBudget,
            to: '/budgets',
          },
        ]
      : null
  const finished = steps !== null && steps.every((s) => s.done || s.blocked)
  useEffect(() => {
    if (finished) hideStart(userId)
  }, [finished, userId])

  if (hidden || steps === null || finished) return null
  const done = steps.filter((s) => s.done).length
  return (
    <Card.Root as="section" aria-labelledby="getting-started-heading" borderColor="teal.muted">
      <Card.Body gap="4">
        <Flex justify="space-between" align="start" gap="3">
          <Box>
            <Heading as="h2" size="md" id="getting-started-heading">
              Get started
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {done} of {steps.length} done
            </Text>
          </Box>
          <Button
            variant="ghost"
            size="sm"
            minH="11"
            onClick={() => {
              hideStart(userId)
              setHidden(true)
            }}
          >
            Hide
          </Button>
        </Flex>
        <Stack as="ol" gap="1" listStyleType="none" m="0" p="0">
          {steps.map((step) => (
            <StepRow key={step.title} step={step} />
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}

function StepRow({ step }: { step: Step }) {
  const Icon = step.done ? CircleCheck : step.blocked ? Lock : Circle
  const state = step.done ? 'done' : step.blocked ? 'not available' : 'to do'
  const body = (
    <Flex gap="3" align="start" py="2" minH="11">
      <Box color={step.done ? 'fg.success' : 'fg.muted'} mt="0.5" flexShrink={0}>
        <Icon size={20} aria-hidden="true" />
      </Box>
      <Box>
        <Text fontWeight="medium" textDecoration={step.done ? 'line-through' : undefined}>
          {step.title}
          <Box as="span" srOnly>
            {` (${state})`}
          </Box>
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {step.detail}
        </Text>
      </Box>
    </Flex>
  )
  return (
    <Box as="li" data-testid="start-step" data-state={state}>
      {step.to && !step.done ? (
        <Link asChild display="block" _hover={{ bg: 'bg.muted', textDecoration: 'none' }} rounded="md" px="2" mx="-2">
          <RouterLink to={step.to}>{body}</RouterLink>
        </Link>
      ) : (
        body
      )}
    </Box>
  )
}
