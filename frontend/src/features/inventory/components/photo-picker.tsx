import { Box, Button, HStack, Image, Stack, Text } from '@chakra-ui/react'
import { Camera, ImagePlus, Trash2 } from 'lucide-react'
import { useEffect, useId, useMemo, useRef } from 'react'

/** What the picker shows: a chosen file not yet sent, or the stored photo's path, or nothing. */
export type PhotoChoice = { file: File | null; path: string }

export const NOT_AN_IMAGE_FILE = 'Only image files can be uploaded'

type PhotoPickerProps = {
  value: PhotoChoice
  onChange: (next: PhotoChoice) => void
  /** A problem with the chosen file (not an image). */
  error?: string | null
  onError: (message: string | null) => void
}

/**
 * The item's photo: 'Take Photo' opens the camera on a phone, 'Choose Photo' the gallery or
 * files; the preview shows the photo before it is sent; 'Remove Image' clears it. The file is
 * uploaded when the form is saved.
 */
export function PhotoPicker({ value, onChange, error, onError }: PhotoPickerProps) {
  const cameraInput = useRef<HTMLInputElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const labelId = useId()
  const preview = useMemo(() => (value.file ? URL.createObjectURL(value.file) : null), [value.file])
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview])
  const shown = preview ?? (value.path || null)

  const pick = (files: FileList | null) => {
    const file = files?.[0]
    if (!file) return
    if (!file.type.startsWith('image/')) {
      onError(NOT_AN_IMAGE_FILE)
      return
    }
    onError(null)
    onChange({ file, path: value.path })
  }

  return (
    <Stack gap="2" role="group" aria-labelledby={labelId}>
      <Text id={labelId} fontSize="sm" fontWeight="medium">
        Photo (Optional)
      </Text>
      {shown ? (
        <Box borderWidth="1px" borderRadius="md" overflow="hidden" maxW="48">
          <Image src={shown} alt="Item photo preview" objectFit="cover" w="full" maxH="48" />
        </Box>
      ) : null}
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => cameraInput.current?.click()}>
          <Camera aria-hidden="true" />
          Take Photo
        </Button>
        <Button size="sm" variant="outline" onClick={() => fileInput.current?.click()}>
          <ImagePlus aria-hidden="true" />
          Choose Photo
        </Button>
        {shown ? (
          <Button
            size="sm"
            variant="ghost"
            colorPalette="red"
            onClick={() => {
              onError(null)
              onChange({ file: null, path: '' })
            }}
          >
            <Trash2 aria-hidden="true" />
            Remove Image
          </Button>
        ) : null}
      </HStack>
      {/* The camera input asks phones for the back camera; the other opens the gallery or files. */}
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label="Take a photo"
        onChange={(e) => pick(e.target.files)}
      />
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        aria-label="Choose a photo"
        data-testid="photo-file-input"
        onChange={(e) => pick(e.target.files)}
      />
      {error ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  )
}
