/**
 * A signed-in device's name as people say it, from the User-Agent its browser sent: 'Firefox on
 * Linux', 'Safari on iPhone'. Only the browser and the system are read, never versions, so the
 * list does not change with every update. What cannot be told is 'Unknown device'.
 */
export const UNKNOWN_DEVICE = 'Unknown device'

// In order: the first that matches wins. Edge, Opera and Samsung Internet also say Chrome and
// Safari; Chrome also says Safari; Chrome, Firefox and Edge on an iPhone say CriOS, FxiOS, EdgiOS.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\b(Headless)?Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

// iPhone and iPad before macOS: their agents say 'like Mac OS X'; Android before Linux.
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
]

const first = (agent: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(agent))?.[1]

export function deviceName(userAgent: string | null | undefined): string {
  const agent = userAgent?.trim() ?? ''
  if (agent === '') return UNKNOWN_DEVICE
  const browser = first(agent, BROWSERS)
  const system = first(agent, SYSTEMS)
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? UNKNOWN_DEVICE
}
