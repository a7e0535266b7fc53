import { Button, type ButtonProps } from '@chakra-ui/react'
import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { copyText } from '@/components/share'

type CopyButtonProps = Omit<ButtonProps, 'onClick' | 'children'> & {
  /** What goes on the clipboard. */
  text: string
  /** The button's word ('Copy'). */
  label: string
}

/** Copies `text`, and says 'Copied' on the button for two seconds (a notice would sit under the dialog). */
export function CopyButton({ text, label, ...props }: CopyButtonProps) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  return (
    <Button
      variant="outline"
      {...props}
      onClick={async () => {
        await copyText(text)
        setCopied(true)
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </Button>
  )
}
