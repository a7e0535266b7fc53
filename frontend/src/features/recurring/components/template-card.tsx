import { Badge, Box, Card, Flex, HStack, Icon, Menu, Portal, Stack, Text } from '@chakra-ui/react'
import {
  CalendarClock,
  CirclePause,
  CirclePlay,
  EllipsisVertical,
  Pencil,
  Play,
  Trash2,
  TriangleAlert,
} from 'lucide-react'
import { WriteIconButton } from '@/components/write-access'
import { formatUkDay } from '@/lib/calendar-day'
import type { RecurringTemplate } from '../api/types'
import { dueStatus, isDue } from '../lib/due-status'
import { FREQUENCY_ICONS, frequencyLabel, isFrequency } from '../lib/frequency'
import { amountColor, templateAccountsText, templateAmountText } from '../lib/template-view'
import { DueChip } from './due-chip'

/** What the card menu offers. */
export type TemplateAction = 'edit' | 'process' | 'toggle' | 'delete'

type TemplateCardProps = {
  template: RecurringTemplate
  /** London's today, 'YYYY-MM-DD'. */
  today: string
  onAction: (template: RecurringTemplate, action: TemplateAction) => void
}

/**
 * Style props of a paused card's content. Its text turns fg.muted and colours drain to grey
 * instead of fading with opacity, which would take the red and green amounts below WCAG AA (as
 * for declined transactions); only the decorative frequency icon is faded. The PAUSED badge and
 * the menu keep their colour.
 */
function pausedStyle(paused: boolean) {
  return paused ? { color: 'fg.muted', filter: 'grayscale(1)', 'data-dimmed': '' } : {}
}

/**
 * One template: frequency icon, description, what it books to, the signed amount, its due
 * status and next due day; paused ones say PAUSED and are dimmed, due or overdue active ones get
 * a red edge and a warning mark.
 */
export function TemplateCard({ template: t, today, onAction }: TemplateCardProps) {
  const paused = !t.isActive
  const status = dueStatus(t.nextDue, today)
  const due = t.isActive && isDue(t.nextDue, today)
  const FrequencyIcon = isFrequency(t.frequency) ? FREQUENCY_ICONS[t.frequency] : CalendarClock
  const details = [frequencyLabel(t.frequency), t.categoryId?.name, templateAccountsText(t)].filter(Boolean)
  const dim = pausedStyle(paused)

  return (
    <Card.Root
      variant="outline"
      bg="bg"
      borderColor={due ? 'border.error' : 'border'}
      borderStartWidth={due ? '4px' : '1px'}
      data-testid="template-card"
      data-paused={paused ? 'true' : undefined}
      data-overdue={due ? 'true' : undefined}
      aria-label={`${t.description} template`}
      role="group"
    >
      <Card.Body gap="3" p={{ base: '4', md: '5' }}>
        <Flex gap="3" align="flex-start">
          <Box
            flexShrink={0}
            boxSize="10"
            rounded="md"
            display="flex"
            alignItems="center"
            justifyContent="center"
            bg="teal.subtle"
            color="teal.fg"
            opacity={paused ? 0.5 : 1}
            filter={paused ? 'grayscale(1)' : undefined}
            role="img"
            aria-label={frequencyLabel(t.frequency)}
            title={frequencyLabel(t.frequency)}
          >
            <Icon asChild boxSize="5">
              <FrequencyIcon aria-hidden="true" />
            </Icon>
          </Box>
          <Stack gap="0.5" flex="1" minW="0">
            <HStack gap="2" minW="0">
              <Text as="h3" fontWeight="semibold" truncate title={t.description} {...dim}>
                {t.description}
              </Text>
              {paused ? (
                <Badge colorPalette="gray" variant="solid" size="sm" flexShrink={0}>
                  PAUSED
                </Badge>
              ) : null}
            </HStack>
            <Text fontSize="sm" color="fg.muted" truncate title={details.join(' · ')}>
              {details.join(' · ')}
            </Text>
          </Stack>
          <TemplateMenu template={t} onAction={onAction} />
        </Flex>

        <Flex justify="space-between" align="center" gap="2" wrap="wrap" {...dim}>
          <Text
            fontSize="xl"
            fontWeight="bold"
            color={paused ? 'fg.muted' : amountColor(t.type)}
            data-testid="template-amount"
          >
            {templateAmountText(t)}
          </Text>
          <DueChip status={status} />
        </Flex>

        <HStack gap="2" fontSize="sm" color="fg.muted" borderTopWidth="1px" pt="3">
          <CalendarClock size={16} aria-hidden="true" />
          <Text data-testid="template-next-due">Next due {formatUkDay(t.nextDue)}</Text>
          {due ? (
            <HStack
              gap="1"
              color="fg.error"
              fontWeight="medium"
              ms="auto"
              role="img"
              aria-label={status.days < 0 ? 'Overdue' : 'Due now'}
              data-testid="overdue-indicator"
            >
              <TriangleAlert size={16} aria-hidden="true" />
              <Text as="span" aria-hidden="true">
                {status.days < 0 ? 'Overdue' : 'Due now'}
              </Text>
            </HStack>
          ) : null}
        </HStack>
      </Card.Body>
    </Card.Root>
  )
}

/** Edit Template, Process Now, Activate or Deactivate, then Delete Template (red, after a separator). */
function TemplateMenu({ template, onAction }: Omit<TemplateCardProps, 'today'>) {
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => onAction(template, value as TemplateAction)}
    >
      <Menu.Trigger asChild>
        {/* Every entry changes the template: a viewer finds the menu itself disabled. */}
        <WriteIconButton aria-label={`Actions for ${template.description}`} variant="ghost" size="sm" flexShrink={0}>
          <EllipsisVertical />
        </WriteIconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            <Menu.Item value="edit">
              <Pencil size={16} aria-hidden="true" />
              Edit Template
            </Menu.Item>
            <Menu.Item value="process" disabled={!template.isActive}>
              <Play size={16} aria-hidden="true" />
              Process Now
            </Menu.Item>
            <Menu.Item value="toggle">
              {template.isActive ? (
                <CirclePause size={16} aria-hidden="true" />
              ) : (
                <CirclePlay size={16} aria-hidden="true" />
              )}
              {template.isActive ? 'Deactivate' : 'Activate'}
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="delete" color="fg.error">
              <Trash2 size={16} aria-hidden="true" />
              Delete Template
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
