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
  // A stored session, by getToken()'s rule (src/lib/auth-storage.ts): the prerendered landing,
  // login and sign-up pages, which are for signed-out visitors, stay hidden while the app starts
  // and redirects (src/prerender/fill-shell.ts has the rule, keyed on this class).
  try {
    var auth = JSON.parse(window.localStorage.getItem('auth-storage') || 'null')
    if (auth && typeof auth.token === 'string' && auth.token.length > 0) root.classList.add('has-session')
  } catch {
    // No storage, or not JSON: no session, as for getToken().
  }
  // The prerendered login and sign-up forms show before the app runs. Sent by the browser then, a
  // form would leave the page; instead it is marked, and the app sends it once it has taken it over
  // (AuthForm in src/features/auth/components/auth-form.tsx, which marks such a form as ready).
  document.addEventListener(
    'submit',
    function (event) {
      var form = event.target
      if (!form || !form.closest || !form.closest('#root[data-prerendered]')) return
      if (form.hasAttribute('data-ready')) return
      event.preventDefault()
      form.setAttribute('data-submit-when-ready', '')
    },
    true,
  )
})()
