import { Box, Button, Field, HStack, Input, Stack } from '@chakra-ui/react'
import { Plus } from 'lucide-react'
import { useMemo, useState } from 'react'
import { TagChip } from '@/components/tag-chip'
import { useTags } from '@/lib/tags/get-tags'
import { MAX_TAGS, NEW_TAG_COLOUR } from '@/lib/tags/palette'
import { messages, TAG_NAME_MAX } from '../schemas/fields'
import type { ChosenTag } from '../schemas/transaction'

type TagFieldProps = {
  value: ChosenTag[]
  onChange: (tags: ChosenTag[]) => void
  error?: string
}

/** How many suggestions show under the box at once. */
const SUGGESTIONS_SHOWN = 6

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * The transaction's tags: chips in their colour, and a box that suggests the household's tags as
 * one types and offers to create a new one (made when the form is saved). Enter or a comma adds
 * what is typed; Backspace in an empty box takes the last chip off. At most 10.
 */
export function TagField({ value, onChange, error }: TagFieldProps) {
  const tags = useTags()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const full = value.length >= MAX_TAGS
  const typed = text.trim()

  const suggestions = useMemo(() => {
    const all = tags.data ?? []
    const free = all.filter((t) => !value.some((v) => same(v.name, t.name)))
    const needle = typed.toLowerCase()
    return (needle ? free.filter((t) => t.name.toLowerCase().includes(needle)) : free).slice(0, SUGGESTIONS_SHOWN)
  }, [tags.data, value, typed])
  const exact = (tags.data ?? []).find((t) => same(t.name, typed))
  const offerNew = typed !== '' && !exact && !value.some((v) => same(v.name, typed))

  const add = (tag: ChosenTag) => {
    setText('')
    setProblem(null)
    if (full || value.some((v) => same(v.name, tag.name))) return
    onChange([...value, tag])
  }

  const addTyped = () => {
    if (typed === '') return
    if ([...typed].length > TAG_NAME_MAX) {
      setProblem(messages.tagNameMax)
      return
    }
    add(exact ? { _id: exact._id, name: exact.name, color: exact.color } : { name: typed, color: NEW_TAG_COLOUR })
  }

  const shown = problem ?? error
  return (
    <Field.Root invalid={!!shown}>
      <Field.Label>Tags</Field.Label>
      <Stack gap="2" w="full">
        {value.length > 0 ? (
          <HStack gap="1.5" wrap="wrap" role="group" aria-label="Chosen tags">
            {value.map((t) => (
              <TagChip
                key={t._id ?? `new-${t.name}`}
                name={t._id ? t.name : `${t.name} (new)`}
                color={t.color}
                onRemove={() => onChange(value.filter((v) => v !== t))}
              />
            ))}
          </HStack>
        ) : null}
        <Input
          value={text}
          disabled={full}
          placeholder={full ? 'At most 10 tags' : 'Type to find or create a tag'}
          autoComplete="off"
          onChange={(e) => {
            setText(e.target.value)
            setProblem(null)
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ',') {
              e.preventDefault()
              addTyped()
            } else if (e.key === 'Backspace' && text === '' && value.length > 0) {
              onChange(value.slice(0, -1))
            }
          }}
        />
        {!full && (suggestions.length > 0 || offerNew) && (typed !== '' || value.length === 0) ? (
          <Box role="group" aria-label="Tag suggestions">
            <HStack gap="1.5" wrap="wrap">
              {suggestions.map((t) => (
                <Button
                  key={t._id}
                  size="xs"
                  variant="outline"
                  rounded="full"
                  aria-label={`Add tag ${t.name}`}
                  onClick={() => add({ _id: t._id, name: t.name, color: t.color })}
                >
                  <Box as="span" boxSize="2" rounded="full" style={{ backgroundColor: t.color }} />
                  {t.name}
                </Button>
              ))}
              {offerNew ? (
                <Button size="xs" variant="subtle" colorPalette="teal" rounded="full" onClick={addTyped}>
                  <Plus aria-hidden="true" />
                  Create &quot;{typed}&quot;
                </Button>
              ) : null}
            </HStack>
          </Box>
        ) : null}
      </Stack>
      {shown ? (
        <Field.ErrorText>{shown}</Field.ErrorText>
      ) : (
        <Field.HelperText>Up to 10; a new name becomes a tag when you save.</Field.HelperText>
      )}
    </Field.Root>
  )
}
