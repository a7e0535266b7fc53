import { render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { useHydrated } from './use-hydrated'

function Probe({ seen }: { seen: boolean[] }) {
  const hydrated = useHydrated()
  seen.push(hydrated)
  return <p>{hydrated ? 'in the browser' : 'prerendered'}</p>
}

describe('useHydrated', () => {
  it('is false on the server and while hydrating, so the HTML matches, then true', () => {
    const html = renderToString(<Probe seen={[]} />)
    expect(html).toContain('prerendered')
    const container = document.body.appendChild(document.createElement('div'))
    container.innerHTML = html
    const errors = vi.spyOn(console, 'error')
    const seen: boolean[] = []
    render(<Probe seen={seen} />, { container, hydrate: true })
    expect(seen[0]).toBe(false)
    expect(container.textContent).toBe('in the browser')
    expect(errors).not.toHaveBeenCalled()
  })

  it('is true from the first render of a page rendered in the browser alone', () => {
    const seen: boolean[] = []
    render(<Probe seen={seen} />)
    expect(seen[0]).toBe(true)
    expect(screen.getByText('in the browser')).toBeInTheDocument()
  })
})
