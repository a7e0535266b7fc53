import { HStack, Text } from '@chakra-ui/react'

/** The MySpending mark and word. */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 36 : 28
  return (
    <HStack gap="2">
      <svg width={box} height={box} viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#0d9488" />
        <path
          d="M16 44V22l16 14 16-14v22"
          fill="none"
          stroke="#fff"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Text as="span" fontWeight="bold" fontSize={size === 'lg' ? 'xl' : 'lg'} color="fg">
        MySpending
      </Text>
    </HStack>
  )
}
