import { screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { expect } from 'vitest'

/**
 * Moves a menu's highlight to `item` with the arrow keys, waiting for each key's highlight before
 * the next (on a loaded machine the highlight lags a frame, and unwaited presses run past the
 * item). Keys rather than the pointer: Ark highlights under the pointer only when its global
 * "interaction modality" says pointer, which jsdom does not reliably keep between tests.
 */
export async function highlightMenuItem(user: Pick<UserEvent, 'keyboard'>, item: HTMLElement) {
  const items = () => screen.getAllByRole('menuitem')
  const highlighted = () => items().findIndex((m) => m.hasAttribute('data-highlighted'))
  for (let i = 0; i <= items().length + 1 && !item.hasAttribute('data-highlighted'); i++) {
    const before = highlighted()
    await user.keyboard('{ArrowDown}')
    // A menu opened by a click takes its first key to focus itself: the highlight may not move.
    await waitFor(() => expect(highlighted()).not.toBe(before), { timeout: 1_000 }).catch(() => {})
  }
  expect(item).toHaveAttribute('data-highlighted')
  // Each arrow key also focuses the menu a frame later: that frame passes before the next key.
  await new Promise((resolve) => setTimeout(resolve, 50))
}

/**
 * Closes an open menu with Escape. A menu opened by a click focuses itself a frame later, and an
 * Escape pressed before that is lost: wait for the focus first, then for the menu to go (its
 * closing animation may outlast waitFor's default second on a loaded machine).
 */
export async function closeMenu(user: Pick<UserEvent, 'keyboard'>) {
  await waitFor(() => expect(screen.getByRole('menu')).toContainElement(document.activeElement as HTMLElement))
  await user.keyboard('{Escape}')
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument(), { timeout: 5_000 })
}
