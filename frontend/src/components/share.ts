/** Puts `text` on the clipboard, by the selection copy where the Clipboard API is missing or refused. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text)
      return
    } catch {
      // Fall through to the selection copy.
    }
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.appendChild(area)
  area.select()
  document.execCommand('copy')
  area.remove()
}

/**
 * Offers `text` to the device's share sheet; a device without one gets it copied instead.
 * Says which happened, so that a copy can be confirmed (a cancelled share says nothing).
 */
export async function shareOrCopy(title: string, text: string): Promise<'shared' | 'copied'> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text })
    } catch {
      // Cancelled by the user: nothing to say.
    }
    return 'shared'
  }
  await copyText(text)
  return 'copied'
}
