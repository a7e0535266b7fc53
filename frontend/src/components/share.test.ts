import { afterEach, describe, expect, it, vi } from 'vitest'
import { copyText, shareOrCopy } from './share'

afterEach(() => vi.restoreAllMocks())

describe('shareOrCopy', () => {
  it('hands the text to the share sheet where the device has one', async () => {
    const share = vi.fn().mockResolvedValue(undefined)
    vi.stubGlobal('navigator', { ...navigator, share })
    try {
      await expect(shareOrCopy('Milk', 'Milk: 2 in stock')).resolves.toBe('shared')
      expect(share).toHaveBeenCalledWith({ title: 'Milk', text: 'Milk: 2 in stock' })
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('says nothing went wrong when the user cancels the share', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: vi.fn().mockRejectedValue(new Error('AbortError')) })
    try {
      await expect(shareOrCopy('Milk', 'text')).resolves.toBe('shared')
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('copies the text where the device cannot share', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    vi.stubGlobal('navigator', { clipboard: { writeText } })
    try {
      await expect(shareOrCopy('Milk', 'Milk: 2 in stock')).resolves.toBe('copied')
      expect(writeText).toHaveBeenCalledWith('Milk: 2 in stock')
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('copyText', () => {
  it('falls back to the selection copy when the Clipboard API refuses', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } })
    const execCommand = vi.fn().mockReturnValue(true)
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true })
    try {
      await copyText('Milk')
      expect(execCommand).toHaveBeenCalledWith('copy')
      expect(document.querySelector('textarea')).toBeNull()
    } finally {
      vi.unstubAllGlobals()
      // jsdom has no execCommand of its own: take the stand-in away again.
      delete (document as { execCommand?: unknown }).execCommand
    }
  })
})
