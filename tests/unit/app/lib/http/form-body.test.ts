import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FORM_BODY_LIMIT, UPLOAD_BODY_LIMIT, readForm, readJson } from '#app/lib/http/form-body.server'

const post = (body: BodyInit | null, contentType?: string, extra: RequestInit = {}) =>
  new Request('http://localhost/sign-in', {
    method: 'POST',
    body,
    headers: contentType ? { 'Content-Type': contentType } : {},
    ...extra,
  })

/** The status readForm threw, or 0 when it returned. */
async function refusal(request: Request, options?: Parameters<typeof readForm>[1]) {
  try {
    await readForm(request, options)
    return 0
  } catch (error) {
    if (error instanceof Response) return error.status
    throw error
  }
}

/** A body that arrives in pieces and declares no length, as a chunked upload does. */
function chunked(piece: string, pieces: number) {
  let sent = 0
  const bytes = new TextEncoder().encode(piece)
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ === pieces) return controller.close()
      controller.enqueue(bytes)
    },
  })
}

describe('readForm', () => {
  it("refuses a list button's intent that is not JSON as bad input (conform would throw on it)", async () => {
    const type = 'application/x-www-form-urlencoded'
    expect(await refusal(post('__intent__=%2F%2Fevil.example&name=x', type))).toBe(400)
    expect(await refusal(post('__intent__=%7B%22type%22%3A%22insert%22%7D&name=x', type))).toBe(0)
  })

  it('reads a urlencoded form and a multipart one', async () => {
    const urlencoded = await readForm(
      post('intent=send&identifier=mia%40example.test', 'application/x-www-form-urlencoded; charset=UTF-8'),
    )
    expect(Object.fromEntries(urlencoded)).toEqual({ intent: 'send', identifier: 'mia@example.test' })
    const form = new FormData()
    form.set('intent', 'send')
    form.append('tag', 'a')
    form.append('tag', 'b')
    const multipart = await readForm(new Request('http://localhost/x', { method: 'POST', body: form }))
    expect(multipart.get('intent')).toBe('send')
    expect(multipart.getAll('tag')).toEqual(['a', 'b'])
  })

  it('answers 415 for a body of another type, or none at all', async () => {
    expect(await refusal(post('{"intent":"send"}', 'application/json'))).toBe(415)
    expect(await refusal(post('intent=send', 'text/plain'))).toBe(415)
    expect(await refusal(post(new Uint8Array([1, 2, 3])))).toBe(415)
  })

  it('answers 400 for multipart that does not parse', async () => {
    expect(await refusal(post('intent=send', 'multipart/form-data'))).toBe(400)
    expect(
      await refusal(
        post('--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsend', 'multipart/form-data; boundary=b'),
      ),
    ).toBe(400)
  })

  it('answers 413 past the limit, counting a chunked body as it arrives', async () => {
    const type = 'application/x-www-form-urlencoded'
    expect(await refusal(post(`a=${'x'.repeat(FORM_BODY_LIMIT - 2)}`, type))).toBe(0)
    expect(await refusal(post(`a=${'x'.repeat(FORM_BODY_LIMIT)}`, type))).toBe(413)
    // 1 MB offered in 1 KB pieces: refused once 64 KB have arrived, the rest never pulled.
    const stream = chunked('x'.repeat(1024), 1024)
    expect(await refusal(post(stream, type, { duplex: 'half' } as RequestInit))).toBe(413)
    // A route that takes files gets the upload limit instead.
    const upload = new FormData()
    upload.set('avatar', new File([new Uint8Array(FORM_BODY_LIMIT * 2)], 'a.png'))
    expect(await refusal(new Request('http://localhost/x', { method: 'POST', body: upload }))).toBe(413)
    const handler = async ({ data }: { data: AsyncIterable<Uint8Array> }) => {
      let size = 0
      for await (const chunk of data) size += chunk.byteLength
      return String(size)
    }
    const taken = await readForm(new Request('http://localhost/x', { method: 'POST', body: upload }), {
      uploadHandler: handler,
    })
    expect(taken.get('avatar')).toBe(String(FORM_BODY_LIMIT * 2))
    expect(UPLOAD_BODY_LIMIT).toBeGreaterThan(FORM_BODY_LIMIT * 2)
  })

  it('is the only way app/ reads a request body', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      )
    const readers = files('app')
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith(join('app', 'meeting')))
      .filter((file) =>
        /\brequest(\.clone\(\))?\.(formData|json|text|arrayBuffer|body)\b|parseMultipartFormData\(/.test(
          readFileSync(file, 'utf8'),
        ),
      )
    expect(readers).toEqual([join('app', 'lib', 'http', 'form-body.server.ts')])
  })
})

describe('readJson', () => {
  const status = async (request: Request) =>
    readJson(request).then(
      () => 0,
      (error) => (error instanceof Response ? error.status : -1),
    )

  it('reads a JSON body, and refuses another type, bad JSON and a body over the form limit', async () => {
    expect(await readJson(post('{"domain":"https://club.example.org"}', 'application/json; charset=utf-8'))).toEqual({
      domain: 'https://club.example.org',
    })
    expect(await status(post('domain=x', 'application/x-www-form-urlencoded'))).toBe(415)
    expect(await status(post('{not json', 'application/json'))).toBe(400)
    expect(
      await status(post(chunked('[1,', FORM_BODY_LIMIT), 'application/json', { duplex: 'half' } as RequestInit)),
    ).toBe(413)
  })
})
