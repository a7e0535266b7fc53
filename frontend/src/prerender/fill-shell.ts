/**
 * The class public/theme-init.js puts on <html> before first paint when a session token is stored
 * (the rule of getToken() in src/lib/auth-storage.ts). Keep the two in step.
 */
export const SESSION_CLASS = 'has-session'

/** A page rendered at build time: its address, its markup and the <style> tags of its CSS. */
export type PrerenderedPage = { path: string; markup: string; styleTags: string }

const ROOT = '<div id="root"></div>'
const HEAD_END = '</head>'

/**
 * The built index.html with a page's markup inside #root and its critical CSS in <head>. #root
 * names the address it was rendered for (data-prerendered), so that main.tsx hydrates only that
 * very address. The prerendered pages (landing, login, sign-up) are for signed-out visitors: with a
 * stored session they stay hidden, from first paint, while the app starts and redirects.
 */
export function fillShell(shell: string, page: PrerenderedPage): string {
  if (!shell.includes(ROOT) || !shell.includes(HEAD_END)) {
    throw new Error(`index.html has no empty ${ROOT} or no ${HEAD_END} to prerender ${page.path} into`)
  }
  const hidden = `<style>html.${SESSION_CLASS} #root[data-prerendered]{display:none}</style>`
  const path = page.path.replaceAll('&', '&amp;').replaceAll('"', '&quot;')
  // Replaced by functions: a `$` in the markup or the CSS is kept as it is, not read as a pattern.
  return shell
    .replace(HEAD_END, () => `${page.styleTags}${hidden}${HEAD_END}`)
    .replace(ROOT, () => `<div id="root" data-prerendered="${path}">${page.markup}</div>`)
}
