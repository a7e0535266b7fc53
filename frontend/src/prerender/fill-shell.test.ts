import { describe, expect, it } from 'vitest'
import { fillShell, SESSION_CLASS } from './fill-shell'

const shell =
  '<!doctype html><html><head><title>MySpending</title><script src="/theme-init.js"></script></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>'

describe('fillShell', () => {
  it('puts the markup inside #root, naming its address, and the CSS at the end of <head>', () => {
    const html = fillShell(shell, {
      path: '/login',
      markup: '<main>Welcome back</main>',
      styleTags: '<style data-emotion="css 1x">.css-1x{color:red}</style>',
    })
    expect(html).toBe(
      '<!doctype html><html><head><title>MySpending</title><script src="/theme-init.js"></script>' +
        '<style data-emotion="css 1x">.css-1x{color:red}</style>' +
        `<style>html.${SESSION_CLASS} #root[data-prerendered]{display:none}</style></head>` +
        '<body><div id="root" data-prerendered="/login"><main>Welcome back</main></div>' +
        '<script type="module" src="/assets/index.js"></script></body></html>',
    )
  })

  it('keeps a dollar sign in the markup or the CSS as it is', () => {
    const html = fillShell(shell, { path: '/', markup: "<p>$& $' $1</p>", styleTags: '<style>a{content:"$&"}</style>' })
    expect(html).toContain("<p>$& $' $1</p>")
    expect(html).toContain('<style>a{content:"$&"}</style>')
  })

  it('escapes the address in its attribute', () => {
    expect(fillShell(shell, { path: '/a"b&c', markup: '', styleTags: '' })).toContain(
      'data-prerendered="/a&quot;b&amp;c"',
    )
  })

  it('refuses a shell with no empty #root, rather than writing a page without its content', () => {
    expect(() => fillShell(shell.replace('<div id="root"></div>', '<div id="app"></div>'), {
      path: '/',
      markup: '<main></main>',
      styleTags: '',
    })).toThrow(/no empty <div id="root"><\/div>/)
  })
})
