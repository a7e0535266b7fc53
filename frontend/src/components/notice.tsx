import { ErrorAlert } from './error-alert'
import type { NoticeState } from './use-timed-notice'

/** Renders a notice from useTimedNotice as a dismissible alert. */
export function Notice({ notice, onClose }: { notice: NoticeState; onClose: () => void }) {
  if (!notice) return null
  return (
    <div role={notice.status === 'error' ? 'alert' : 'status'}>
      <ErrorAlert message={notice.message} status={notice.status} onClose={onClose} />
    </div>
  )
}
