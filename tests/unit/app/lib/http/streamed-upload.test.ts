import { describe, expect, it } from 'vitest'
import { readStreamedUpload } from '#app/lib/http/form-body.server'

/** A multipart body sent in chunks with no Content-Length, as a chunked upload arrives. */
function chunkedUpload(fileBytes: number) {
  const boundary = 'XyZ'
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  )
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`)
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head)
      for (let sent = 0; sent < fileBytes; sent += 1000)
        controller.enqueue(new Uint8Array(Math.min(1000, fileBytes - sent)).fill(0x61))
      controller.enqueue(tail)
      controller.close()
    },
  })
  return new Request('http://localhost/x', {
    method: 'POST',
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit)
}

const countBytes = async (part: { data: AsyncIterable<Uint8Array> }) => {
  let size = 0
  for await (const chunk of part.data) size += chunk.byteLength
  return String(size)
}

describe('readStreamedUpload', () => {
  it('hands each part to the handler as it streams', async () => {
    const form = await readStreamedUpload(chunkedUpload(5000), countBytes, 10_000)
    expect(form.get('files')).toBe('5000')
  })

  it('cuts a chunked body (no Content-Length) with a 413 once it passes the limit', async () => {
    const thrown = await readStreamedUpload(chunkedUpload(20_000), countBytes, 10_000).catch((error) => error)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(413)
  })

  it('refuses a declared Content-Length over the limit before reading, and another content type', async () => {
    const declared = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': '10001' },
      body: 'x',
    })
    expect(((await readStreamedUpload(declared, countBytes, 10_000).catch((error) => error)) as Response).status).toBe(
      413,
    )
    const json = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(((await readStreamedUpload(json, countBytes, 10_000).catch((error) => error)) as Response).status).toBe(415)
  })

  it('gives back what the handler throws, and a 400 for a body that does not parse', async () => {
    const mine = new Error('mine')
    expect(
      await readStreamedUpload(chunkedUpload(10), async () => Promise.reject(mine), 10_000).catch((error) => error),
    ).toBe(mine)
    // A part that never ends (the closing boundary missing): torn, not a form.
    const torn = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nabc',
    })
    expect(((await readStreamedUpload(torn, countBytes, 10_000).catch((error) => error)) as Response).status).toBe(400)
  })
})
