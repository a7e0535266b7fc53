import { Badge, Box, Checkbox, Field, Flex, IconButton, Input, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { ChevronDown, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { WriteButton } from '@/components/write-access'
import { formatMoney } from '@/lib/format'
import { useWriteGuard } from '@/lib/household-access'
import type { ShoppingEntry } from '../api/types'
import { linePence, pricePence, type RowEdits, type RowField } from '../lib/selection'
import { entryName, isAutoAdded, quantityLabel, stockLabel, stockPalette } from '../lib/shopping-labels'

type ShoppingEntryRowProps = {
  entry: ShoppingEntry
  /** The member who ticked it, when that was someone else. */
  tickedBy?: string | null
  edits: RowEdits
  onToggle: () => void
  onEdit: (field: RowField, value: string) => void
  /** The Qty field lost focus with this text. */
  onQuantityDone: (text: string) => void
  onRemove: () => void
}

/**
 * One entry, made for a phone in a shop: two lines with the tick, the name, the quantity chip,
 * the unit price and the line total (about 64 px), and the rest opened on demand with the chevron
 * or a tap on the name: brand, category, stock, 'Auto-added', the Qty / Price / Store fields
 * (while not ticked) and Remove. The stock value is not shown to the shopper (issue 32). A tick
 * another member made says who, small under the name ('Ticked by Sam').
 */
export function ShoppingEntryRow({ entry, tickedBy, edits, onToggle, onEdit, onQuantityDone, onRemove }: ShoppingEntryRowProps) {
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  const tickedById = useId()
  const ticked = entry.ticked
  const name = entryName(entry)
  const item = entry.inventoryItem
  const stock = item?.currentStock ?? 0
  const unit = item?.unit ?? ''
  const toggleOpen = () => setOpen((o) => !o)
  // A viewer reads the list but neither ticks, edits nor removes.
  const guard = useWriteGuard()

  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="lg"
      // A ticked entry steps back on a muted ground, struck through, with its text still at full
      // contrast (WCAG 1.4.3); fading the whole row left its badge and price at 2.8:1.
      bg={ticked ? 'bg.muted' : 'bg'}
      data-testid="shopping-entry"
      data-open={open ? '' : undefined}
    >
      <Flex gap="2" align="center" ps="1" pe="1" py="1" minH="16">
        {/* The box sits in a 44 px label, so the whole square around it ticks. */}
        <Checkbox.Root
          checked={ticked}
          onCheckedChange={onToggle}
          {...guard}
          colorPalette="teal"
          size="lg"
          flexShrink={0}
          w="11"
          h="11"
          justifyContent="center"
        >
          <Checkbox.HiddenInput aria-label={`Buy ${name}`} aria-describedby={tickedBy ? tickedById : undefined} />
          <Checkbox.Control />
        </Checkbox.Root>
        {/* A tap on the words opens the details too; the chevron is the control keyboards and screen readers use. */}
        <Box flex="1" minW="0" cursor="pointer" onClick={toggleOpen} data-testid="entry-summary">
          <Text
            fontWeight="semibold"
            lineClamp={2}
            wordBreak="break-word"
            color={ticked ? 'fg.muted' : undefined}
            textDecoration={ticked ? 'line-through' : undefined}
          >
            {name}
          </Text>
          {tickedBy ? (
            <Text id={tickedById} fontSize="xs" color="fg" lineClamp={1} data-testid="ticked-by">
              {`Ticked by ${tickedBy}`}
            </Text>
          ) : null}
          <Flex gap="1.5" align="center" wrap="wrap" fontSize="sm" color="fg.muted">
            <Badge colorPalette="teal" variant="subtle" size="sm">
              {quantityLabel(entry.quantityToBuy)}
            </Badge>
            <Text as="span" whiteSpace="nowrap">
              {formatMoney(pricePence(edits.price))} each
            </Text>
          </Flex>
        </Box>
        <Text fontWeight="bold" whiteSpace="nowrap" data-testid="line-total">
          {formatMoney(linePence(entry, edits))}
        </Text>
        <IconButton
          aria-label={`Details for ${name}`}
          aria-expanded={open}
          aria-controls={detailsId}
          variant="ghost"
          size="md"
          w="11"
          h="11"
          flexShrink={0}
          onClick={toggleOpen}
        >
          <Box as="span" transform={open ? 'rotate(180deg)' : undefined} transition="transform 0.15s" display="inline-flex">
            <ChevronDown aria-hidden="true" />
          </Box>
        </IconButton>
      </Flex>
      {open ? (
        <Stack id={detailsId} gap="3" px="3" pb="3" pt="3" borderTopWidth="1px" data-testid="entry-details">
          <Flex gap="1.5" wrap="wrap" align="center">
            {item?.brand ? (
              <Text fontSize="sm" color="fg.muted" me="1">
                {item.brand}
              </Text>
            ) : null}
            {item?.category ? <Badge variant="subtle">{item.category}</Badge> : null}
            <Badge colorPalette={stockPalette(stock)} variant="subtle">
              {stockLabel(stock, unit)}
            </Badge>
            {isAutoAdded(entry) ? (
              <Badge colorPalette="purple" variant="outline">
                Auto-added
              </Badge>
            ) : null}
          </Flex>
          {ticked ? null : (
            <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
              <EntryField
                label="Qty"
                name={name}
                inputMode="numeric"
                value={edits.quantity}
                onChange={(v) => onEdit('quantity', v)}
                onBlur={onQuantityDone}
                {...guard}
              />
              <EntryField
                label="Price"
                name={name}
                inputMode="decimal"
                value={edits.price}
                placeholder="0.00"
                onChange={(v) => onEdit('price', v)}
                {...guard}
              />
              <Box gridColumn={{ base: 'span 2', md: 'auto' }}>
                <EntryField label="Store" name={name} value={edits.store} onChange={(v) => onEdit('store', v)} {...guard} />
              </Box>
            </SimpleGrid>
          )}
          <Box>
            <WriteButton
              aria-label={`Remove ${name} from shopping list`}
              variant="outline"
              colorPalette="red"
              size="sm"
              onClick={onRemove}
            >
              <Trash2 aria-hidden="true" />
              Remove
            </WriteButton>
          </Box>
        </Stack>
      ) : null}
    </Box>
  )
}

type EntryFieldProps = {
  label: string
  /** The entry's name, read after the label ('Qty for Milk'). */
  name: string
  value: string
  placeholder?: string
  inputMode?: 'numeric' | 'decimal'
  onChange: (value: string) => void
  onBlur?: (value: string) => void
  disabled?: boolean
  /** Why it is disabled. */
  title?: string
}

function EntryField({ label, name, value, placeholder, inputMode, onChange, onBlur, disabled, title }: EntryFieldProps) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label fontSize="xs" color="fg.muted">
        {label}
        <VisuallyHidden> for {name}</VisuallyHidden>
      </Field.Label>
      <Input
        size="md"
        autoComplete="off"
        inputMode={inputMode}
        value={value}
        placeholder={placeholder}
        title={title}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur ? (e) => onBlur(e.target.value) : undefined}
      />
    </Field.Root>
  )
}
