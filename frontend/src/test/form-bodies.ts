import { File as NodeFile } from 'node:buffer'

// Vitest's jsdom environment hands a jsdom FormData body to Node's Request by reading a field
// jsdom 29 renamed, so each file arrives as the nine bytes "undefined", and without its name. A
// browser sends the file's bytes, type and name: this Request converts the form as a browser
// would, so a test server sees the upload a real one does.
const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData
const jsdomBytes = (blob: Blob): Uint8Array => {
  const impl = Object.getOwnPropertySymbols(blob).find((s) => s.description === 'impl')
  return (blob as unknown as Record<symbol, { _bytes: Uint8Array }>)[impl as symbol]._bytes
}
globalThis.Request = class extends globalThis.Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    if (init?.body instanceof FormData) {
      const form = new NodeFormData()
      init.body.forEach((value, key) => {
        if (typeof value === 'string') form.append(key, value)
        else form.append(key, new NodeFile([jsdomBytes(value)], value.name, { type: value.type }) as unknown as Blob)
      })
      init = { ...init, body: form }
    }
    super(input, init)
  }
}
