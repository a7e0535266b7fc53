/** A file to hand to the browser. */
export type DownloadedFile = { blob: Blob; fileName: string }

/** Saves a blob through the browser's download, under the given name. */
export function saveBlob({ blob, fileName }: DownloadedFile): void {
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  link.style.display = 'none'
  document.body.appendChild(link)
  link.click()
  link.remove()
  // Revoked a moment later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 1000)
}
