import { Field, Input, InputGroup, Stack, Text } from '@chakra-ui/react'
import { Search } from 'lucide-react'

type BankSearchBoxProps = {
  value: string
  onChange: (value: string) => void
  /** The id of 'Choose your bank', which names the list of banks under the box. */
  headingId: string
}

/**
 * 'Choose your bank' and the box that searches Enable Banking's list (BankList, loaded on first
 * use, shows the banks under it). Kept out of that chunk: see link-choices.tsx.
 */
export function BankSearchBox({ value, onChange, headingId }: BankSearchBoxProps) {
  return (
    <Stack gap="3">
      <Text fontWeight="semibold" id={headingId}>
        Choose your bank
      </Text>
      <Field.Root>
        <Field.Label>Search banks</Field.Label>
        <InputGroup startElement={<Search size={16} aria-hidden="true" />}>
          <Input
            type="search"
            size="lg"
            autoComplete="off"
            placeholder="e.g. Monzo"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </InputGroup>
      </Field.Root>
    </Stack>
  )
}
