import { notifySuccess } from './notify'

/** A form dialog's `onDone`: the success notice (the server's message or the form's own), then closing. */
export function notifyAndClose(close: () => void) {
  return (message: string) => {
    notifySuccess(message)
    close()
  }
}
