import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { INSTALL_DISMISSED_KEY, IOS_HINT_DISMISSED_KEY, resetInstallPrompt } from '@/lib/pwa'
import { renderWithProviders } from '@/test/render'
import { INSTALLED_MESSAGE, InstallBanner } from './install-banner'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const IPADOS =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15'
const realUserAgent = navigator.userAgent

function setDevice(userAgent: string, maxTouchPoints = 0) {
  Object.defineProperty(navigator, 'userAgent', { value: userAgent, configurable: true })
  Object.defineProperty(navigator, 'maxTouchPoints', { value: maxTouchPoints, configurable: true })
}

function runStandalone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: query === '(display-mode: standalone)', media: query }) as MediaQueryList,
  )
}

/** Fires Chromium's install offer with the user's answer to the dialog. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  })
  act(() => {
    window.dispatchEvent(event)
  })
  return event
}

const banner = () => screen.queryByRole('heading', { name: 'Install MySpending' })

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
  setDevice(realUserAgent)
  resetInstallPrompt()
})

afterEach(() => {
  vi.useRealTimers()
  setDevice(realUserAgent)
})

describe('InstallBanner', () => {
  it('shows nothing until the browser offers installation', () => {
    renderWithProviders(<InstallBanner />)
    expect(banner()).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Install App' })).not.toBeInTheDocument()
  })

  it('shows the card when the browser offers installation, and keeps the offer for later', () => {
    renderWithProviders(<InstallBanner />)
    const event = offerInstall()
    expect(event.defaultPrevented).toBe(true)
    expect(banner()).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Install App' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Not Now' })).toBeInTheDocument()
  })

  it('shows an offer that came before the banner was rendered', () => {
    offerInstall()
    renderWithProviders(<InstallBanner />)
    expect(banner()).toBeInTheDocument()
  })

  it('shows nothing when the app runs installed', () => {
    runStandalone()
    renderWithProviders(<InstallBanner />)
    offerInstall()
    expect(banner()).not.toBeInTheDocument()
  })

  it('shows nothing when Not Now was chosen earlier this session', () => {
    sessionStorage.setItem(INSTALL_DISMISSED_KEY, '1')
    resetInstallPrompt()
    renderWithProviders(<InstallBanner />)
    offerInstall()
    expect(banner()).not.toBeInTheDocument()
  })

  it('Not Now hides the card and remembers it for the session', async () => {
    const { user } = renderWithProviders(<InstallBanner />)
    offerInstall()
    await user.click(screen.getByRole('button', { name: 'Not Now' }))
    expect(banner()).not.toBeInTheDocument()
    expect(sessionStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1')
    // The browser offering again later in the session changes nothing.
    offerInstall()
    expect(banner()).not.toBeInTheDocument()
  })

  it('Install App opens the browser dialog; accepted, the card gives way to a notice for 6 s', async () => {
    vi.useFakeTimers()
    renderWithProviders(<InstallBanner />)
    const event = offerInstall('accepted')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Install App' }))
    })
    expect(event.prompt).toHaveBeenCalledTimes(1)
    expect(banner()).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(INSTALLED_MESSAGE)
    act(() => vi.advanceTimersByTime(5900))
    expect(screen.getByText(INSTALLED_MESSAGE)).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(100))
    expect(screen.queryByText(INSTALLED_MESSAGE)).not.toBeInTheDocument()
    expect(banner()).not.toBeInTheDocument()
  })

  it('declining the browser dialog counts as Not Now: no notice, no card again this session', async () => {
    const { user } = renderWithProviders(<InstallBanner />)
    offerInstall('dismissed')
    await user.click(screen.getByRole('button', { name: 'Install App' }))
    expect(banner()).not.toBeInTheDocument()
    expect(screen.queryByText(INSTALLED_MESSAGE)).not.toBeInTheDocument()
    expect(sessionStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1')
  })

  it('an install from the browser menu (appinstalled) hides the card and shows the notice', () => {
    renderWithProviders(<InstallBanner />)
    offerInstall()
    act(() => {
      window.dispatchEvent(new Event('appinstalled'))
    })
    expect(banner()).not.toBeInTheDocument()
    expect(screen.getByText(INSTALLED_MESSAGE)).toBeInTheDocument()
  })
})

describe('InstallBanner on iOS', () => {
  const hint = () => screen.queryByText('Install MySpending: tap the Share button, then Add to Home Screen.')

  it('shows the Share-menu hint on an iPhone', () => {
    setDevice(IPHONE, 5)
    renderWithProviders(<InstallBanner />)
    expect(hint()).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Install App' })).not.toBeInTheDocument()
  })

  it('shows it on an iPad that reports itself as a Mac with a touch screen', () => {
    setDevice(IPADOS, 5)
    renderWithProviders(<InstallBanner />)
    expect(hint()).toBeInTheDocument()
  })

  it('does not show it on a real Mac, nor on other desktops', () => {
    setDevice(IPADOS, 0)
    renderWithProviders(<InstallBanner />)
    expect(hint()).not.toBeInTheDocument()
  })

  it('does not show it when opened from the home screen', () => {
    setDevice(IPHONE, 5)
    Object.defineProperty(navigator, 'standalone', { value: true, configurable: true })
    try {
      renderWithProviders(<InstallBanner />)
      expect(hint()).not.toBeInTheDocument()
    } finally {
      Reflect.deleteProperty(navigator, 'standalone')
    }
  })

  it('once closed, never shows again on this device', async () => {
    setDevice(IPHONE, 5)
    const { user, unmount } = renderWithProviders(<InstallBanner />)
    await user.click(screen.getByRole('button', { name: 'Close install hint' }))
    expect(hint()).not.toBeInTheDocument()
    expect(localStorage.getItem(IOS_HINT_DISMISSED_KEY)).toBe('1')
    unmount()
    resetInstallPrompt()
    renderWithProviders(<InstallBanner />)
    expect(hint()).not.toBeInTheDocument()
  })
})
