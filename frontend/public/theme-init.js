// Applies the stored colour mode to <html> before first paint, so a dark page never flashes
// light. A plain synchronous script (not inline: the Content-Security-Policy allows scripts
// from 'self' only). src/lib/color-mode.ts applies the same rule afterwards; keep them in step.
;(function () {
  var choice = 'system'
  try {
    var stored = window.localStorage.getItem('myspending-color-mode')
    if (stored === 'light' || stored === 'dark') choice = stored
  } catch {
    // No storage (private browsing): follow the system.
  }
  var dark =
    choice === 'dark' ||
    (choice === 'system' && !!window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches)
  var root = document.documentElement
  root.classList.add(dark ? 'dark' : 'light')
  root.classList.remove(dark ? 'light' : 'dark')
  root.style.colorScheme = dark ? 'dark' : 'light'
  var meta = document.querySelector('meta[name="theme-color"]')
  if (meta) {
    meta.setAttribute('data-light', meta.getAttribute('content') || '')
    if (dark) meta.setAttribute('content', '#18181b')
  }
})()
