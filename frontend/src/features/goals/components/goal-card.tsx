import { Badge, Box, Button, Card, Flex, HStack, Menu, Portal, Progress, Stack, Text } from '@chakra-ui/react'
import { ChevronDown, ChevronUp, EllipsisVertical, Pencil, Plus, Trash2, TrendingUp } from 'lucide-react'
import { useId, useState } from 'react'
import { WriteButton, WriteIconButton } from '@/components/write-access'
import { formatDate, formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import type { Goal } from '../api/types'
import { goalCategoryLabel } from '../lib/categories'
import { percentText, progressMessage, progressPalette } from '../lib/progress'
import { goalStatus } from '../lib/status'
import { GoalContributions } from './goal-contributions'
import { GoalIconBadge } from './goal-icon-badge'

/** What a goal card offers. */
export type GoalAction = 'edit' | 'delete' | 'contribute'

type GoalCardProps = {
  goal: Goal
  onAction: (goal: Goal, action: GoalAction) => void
}

/**
 * One goal: icon, name, category, description, progress with its message, saved of target,
 * status, savings suggestions while unfinished, the projection, the actions and the contributions.
 */
export function GoalCard({ goal, onAction }: GoalCardProps) {
  const [showContributions, setShowContributions] = useState(false)
  const contributionsId = useId()
  const percent = goal.stats.progressPercentage
  const completed = goal.isCompleted
  const status = goalStatus(goal)
  const suggestions = completed ? [] : goal.stats.savingsSuggestions
  const projection = completed ? null : goal.stats.projectedCompletionDate

  return (
    <Card.Root
      variant="outline"
      bg="bg"
      role="group"
      aria-label={`${goal.name} goal`}
      data-testid="goal-card"
      data-status={status.kind}
      borderTopWidth="4px"
      borderTopColor={goal.color}
    >
      <Card.Body gap="3" p={{ base: '4', md: '5' }}>
        <Flex gap="3" align="flex-start">
          <GoalIconBadge icon={goal.icon} color={goal.color} />
          <Stack gap="0.5" flex="1" minW="0">
            <Text as="h3" fontWeight="semibold" truncate title={goal.name}>
              {goal.name}
            </Text>
            <Text fontSize="sm" color="fg.muted" data-testid="goal-category">
              {goalCategoryLabel(goal.category)}
            </Text>
          </Stack>
          <GoalMenu goal={goal} onAction={onAction} />
        </Flex>

        {goal.description ? (
          <Text fontSize="sm" color="fg.muted" lineClamp={2}>
            {goal.description}
          </Text>
        ) : null}

        <Stack gap="1.5">
          <Progress.Root value={percent} max={100} size="sm" colorPalette={progressPalette(percent)}>
            <Progress.Track borderRadius="full" aria-label={`${goal.name} progress`}>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
            <Text fontSize="sm" data-testid="goal-amounts">
              <Text as="span" fontWeight="semibold">
                {formatMoney(toPence(goal.currentAmount))}
              </Text>{' '}
              of {formatMoney(toPence(goal.targetAmount))}
            </Text>
            <Text fontSize="sm" fontWeight="medium" data-testid="goal-percent">
              {percentText(percent)}
            </Text>
          </Flex>
          <Text fontSize="sm" color={completed ? 'fg.success' : 'fg.muted'} data-testid="goal-message">
            {progressMessage(percent, completed)}
          </Text>
        </Stack>

        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Badge colorPalette={status.palette} variant="subtle" data-testid="goal-status">
            {status.label}
          </Badge>
          <Text fontSize="sm" color="fg.muted" data-testid="goal-days">
            {status.daysText === status.label ? `Target ${formatDate(goal.targetDate)}` : status.daysText}
          </Text>
        </Flex>

        {suggestions.length > 0 ? (
          <Box bg="bg.muted" borderRadius="md" px="3" py="2">
            <Stack as="ul" gap="0.5" listStyleType="none" aria-label={`Savings suggestions for ${goal.name}`}>
              {suggestions.map((s) => (
                <Text as="li" key={s.period} fontSize="sm">
                  Save <strong>{formatMoney(toPence(s.amount))}</strong> {s.label}
                </Text>
              ))}
            </Stack>
          </Box>
        ) : null}

        {projection ? (
          <HStack gap="2" fontSize="sm" wrap="wrap" data-testid="goal-projection">
            <TrendingUp size={16} aria-hidden="true" />
            <Text>At this pace: {formatDate(projection)}</Text>
            {goal.stats.onTrack === true ? (
              <Badge colorPalette="green" variant="subtle">
                On track
              </Badge>
            ) : goal.stats.onTrack === false ? (
              <Badge colorPalette="red" variant="subtle">
                Behind target
              </Badge>
            ) : null}
          </HStack>
        ) : null}

        <Flex gap="2" borderTopWidth="1px" pt="3" align="center" justify="space-between" wrap="wrap">
          <Button
            size={{ base: 'md', md: 'xs' }}
            minH={{ base: '11', md: undefined }}
            variant="ghost"
            aria-expanded={showContributions}
            aria-controls={contributionsId}
            onClick={() => setShowContributions((s) => !s)}
          >
            {showContributions ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            Contributions ({goal.contributionCount})
          </Button>
          {completed ? null : (
            <WriteButton
              size={{ base: 'md', md: 'xs' }}
              minH={{ base: '11', md: undefined }}
              colorPalette="teal"
              onClick={() => onAction(goal, 'contribute')}
            >
              <Plus aria-hidden="true" />
              Add Contribution
            </WriteButton>
          )}
        </Flex>
        <Box id={contributionsId} hidden={!showContributions}>
          {showContributions ? <GoalContributions goal={goal} /> : null}
        </Box>
      </Card.Body>
    </Card.Root>
  )
}

/** Edit Goal, then Delete Goal in red. */
function GoalMenu({ goal, onAction }: GoalCardProps) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={({ value }) => onAction(goal, value as GoalAction)}>
      <Menu.Trigger asChild>
        {/* Both entries change the goal: a viewer finds the menu itself disabled. */}
        <WriteIconButton aria-label={`Actions for ${goal.name}`} variant="ghost" size="sm" flexShrink={0}>
          <EllipsisVertical />
        </WriteIconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            <Menu.Item value="edit">
              <Pencil size={16} aria-hidden="true" />
              Edit Goal
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="delete" color="fg.error">
              <Trash2 size={16} aria-hidden="true" />
              Delete Goal
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
