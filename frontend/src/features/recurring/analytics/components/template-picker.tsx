import { Box, createListCollection, HStack, Portal, Select, Text } from '@chakra-ui/react'
import { useMemo } from 'react'
import { formatSignedMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import type { TemplateTrend } from '../api/types'
import { FlowIcon } from './flow-icon'

/** A template as the picker shows it: icon, name and current amount (signed like the ledger). */
function TemplateLabel({ trend }: { trend: TemplateTrend }) {
  const amount = toPence(trend.currentAmount)
  return (
    <HStack as="span" gap="2" minW="0" w="full">
      <FlowIcon icon={trend.icon} color={trend.color} size="6" />
      <Text as="span" truncate flex="1" textAlign="start">
        {trend.templateName}
      </Text>
      <Text as="span" flexShrink={0} fontWeight="medium" color={amount < 0 ? 'fg.error' : 'fg.success'}>
        {formatSignedMoney(amount)}
      </Text>
    </HStack>
  )
}

type TemplatePickerProps = {
  trends: TemplateTrend[]
  selected: TemplateTrend
  onSelect: (templateId: string) => void
}

/** Chooses the template whose amounts the trend chart shows. */
export function TemplatePicker({ trends, selected, onSelect }: TemplatePickerProps) {
  const collection = useMemo(
    () =>
      createListCollection({
        items: trends,
        itemToValue: (t) => t.templateId,
        itemToString: (t) => t.templateName,
      }),
    [trends],
  )
  return (
    <Select.Root
      collection={collection}
      size="md"
      value={[selected.templateId]}
      onValueChange={(e) => {
        const id = e.value[0]
        if (id) onSelect(id)
      }}
      positioning={{ sameWidth: true }}
    >
      <Select.HiddenSelect />
      <Select.Label>Template</Select.Label>
      <Select.Control>
        <Select.Trigger>
          <Select.ValueText>
            <TemplateLabel trend={selected} />
          </Select.ValueText>
        </Select.Trigger>
        <Select.IndicatorGroup>
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      <Portal>
        <Select.Positioner>
          <Select.Content>
            {trends.map((t) => (
              <Select.Item item={t} key={t.templateId}>
                <Box flex="1" minW="0">
                  <TemplateLabel trend={t} />
                  <Text fontSize="xs" color="fg.muted" ms="8" truncate>
                    {t.categoryName}
                  </Text>
                </Box>
                <Select.ItemIndicator />
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Portal>
    </Select.Root>
  )
}
