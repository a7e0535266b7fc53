import { Box, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { FileUp } from 'lucide-react'
import { type DragEvent, useId, useRef, useState } from 'react'
import { WriteButton } from '@/components/write-access'
import { useWriteGuard } from '@/lib/household-access'
import { STATEMENT_ACCEPT } from '../lib/labels'

type UploadZoneProps = {
  onFile: (file: File) => void
  /** While a file uploads: the zone takes no other. */
  busy: boolean
}

/**
 * Where a statement goes in: dropped on the zone, or chosen with 'Choose file' (the file input is
 * hidden, labelled 'Statement file', and opened by the button, so the keyboard gets a button).
 */
export function UploadZone({ onFile, busy }: UploadZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const hintId = useId()
  const [over, setOver] = useState(false)
  // A viewer cannot import: the zone takes no file, and its button says why.
  const readOnly = useWriteGuard().disabled === true

  const take = (files: FileList | null | undefined) => {
    const file = files?.[0]
    if (file && !busy && !readOnly) onFile(file)
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    take(event.dataTransfer?.files)
  }

  return (
    <Box
      data-testid="drop-zone"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'teal.solid' : 'border'}
      bg={over ? 'teal.subtle' : 'bg'}
      borderRadius="lg"
      p={{ base: '6', md: '10' }}
      textAlign="center"
      transition="background 0.15s, border-color 0.15s"
      onDragOver={(event) => {
        event.preventDefault()
        if (!over) setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <Stack gap="3" align="center">
        <FileUp size={36} aria-hidden="true" />
        <Text fontWeight="semibold">Drag a statement here</Text>
        <Text id={hintId} color="fg.muted" fontSize="sm">
          CSV from any UK bank, OFX, QFX or QIF, up to 10 MB
        </Text>
        <VisuallyHidden asChild>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={STATEMENT_ACCEPT}
            aria-label="Statement file"
            aria-describedby={hintId}
            tabIndex={-1}
            onChange={(event) => {
              take(event.target.files)
              // The same file may be chosen again after an error.
              event.target.value = ''
            }}
          />
        </VisuallyHidden>
        <WriteButton
          colorPalette="teal"
          loading={busy}
          loadingText="Reading..."
          onClick={() => inputRef.current?.click()}
          aria-describedby={hintId}
        >
          Choose file
        </WriteButton>
      </Stack>
    </Box>
  )
}
