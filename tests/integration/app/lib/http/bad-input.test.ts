// Bad input over HTTP, against the real server: `node server.js` on the production build, on this
// file's database (migrated by setup.ts, seeded here). Every route that exports an action is found
// in the build's manifest, and its forms on the pages themselves, so a new route or form is covered
// without touching this file. Each gets generated bad requests (mutated, dropped and duplicated
// fields; raw bodies that are not forms; odd paths), signed out, as a member and as an admin; none
// may answer 5xx.
// The generator is seeded, so a failure is the same on every run, and printed with the request.
import { spawnSync } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { env } from '#app/lib/platform/env.server'
import { FORM_BODY_LIMIT, UPLOAD_BODY_LIMIT } from '#app/lib/http/form-body.server'
import { User } from '#models/index'
import { DEMO_ACCOUNTS, DEMO_BRAND_SLUG, seedDemo } from '#models/seed'
import { ensureBuild, serverEnv, startServer } from '#tests/bench/server.mjs'
import { signedInCookie } from '#tests/support/session'

const root = fileURLToPath(new URL('../../../../..', import.meta.url))
/** Generated requests per action route, per signed-out/signed-in, on top of the raw bodies. */
const MUTATIONS_PER_ROUTE = 10
const SEED = 8

let base: string
let server: { stop: () => Promise<void>; output: string[] }
let userId: string
/** An admin of the demo community: the forms only those who run it see (members, settings, events, the review queue) are probed too. */
let adminId: string
let serverEnvironment: NodeJS.ProcessEnv

beforeAll(async () => {
  await seedDemo()
  userId = (await User.findOne({ where: { emailAddress: DEMO_ACCOUNTS[2].emailAddress }, rejectOnEmpty: true })).id
  adminId = (await User.findOne({ where: { emailAddress: DEMO_ACCOUNTS[1].emailAddress }, rejectOnEmpty: true })).id
  ensureBuild(root)
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  // The session secret is this process's, so the cookies signedInCookie() makes here are good there.
  serverEnvironment = {
    ...serverEnv(process.env.DATABASE_URL, port),
    SESSION_SECRET: env.SESSION_SECRET,
  } as NodeJS.ProcessEnv
  server = await startServer(root, serverEnvironment, base)
}, 120_000)

afterAll(async () => {
  await server?.stop()
})

type Probe = {
  label: string
  method: string
  path: string
  contentType?: string
  body?: string | Uint8Array<ArrayBuffer> | FormData
  signedIn: boolean
  as?: string
}
type Answer = { status: number; text: string; headers: Headers }

async function send(probe: Probe & { cookie?: string }): Promise<Answer> {
  const headers: Record<string, string> = { 'Accept-Language': 'es' }
  if (probe.contentType) headers['Content-Type'] = probe.contentType
  // A session of its own for each request: one probe signing out must not sign out the next.
  if (probe.signedIn) headers.Cookie = probe.cookie ?? (await signedInCookie(probe.as ?? userId))
  const response = await fetch(base + probe.path, {
    method: probe.method,
    headers,
    body: probe.body,
    redirect: 'manual',
  })
  return { status: response.status, text: await response.text(), headers: response.headers }
}

/** The request as it went out, for a failure message. */
function describeProbe(probe: Probe) {
  const body =
    probe.body instanceof FormData
      ? `multipart ${JSON.stringify([...probe.body.entries()].map(([name, value]) => [name, typeof value === 'string' ? value.slice(0, 80) : `<file ${value.size} bytes>`]))}`
      : probe.body instanceof Uint8Array
        ? `<${probe.body.byteLength} bytes> ${JSON.stringify(Buffer.from(probe.body.slice(0, 120)).toString('latin1'))}`
        : JSON.stringify(probe.body?.slice(0, 200) ?? null)
  return `${probe.signedIn ? (probe.as === adminId ? 'admin' : 'signed in') : 'signed out'}: ${probe.method} ${probe.path.slice(0, 200)} [${probe.contentType ?? 'no content type'}] ${body} (${probe.label})`
}

describe('request bodies and odd addresses', () => {
  it('refuses a form over 64 KB by its Content-Length with a 413 page in the visitor language, before reading it', async () => {
    // Declares 10 MB and sends 64 KB and one byte of it: the answer comes without the rest.
    const answer = await rawPost(
      '/sign-in',
      { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(10 * 1024 * 1024) },
      'a'.repeat(FORM_BODY_LIMIT + 1),
    )
    expect(answer.status).toBe(413)
    expect(answer.text).toContain('Envío demasiado grande')
    expect(answer.text).toContain('<html lang="es"')
  })

  it('refuses a chunked form (no Content-Length) once what arrives passes 64 KB', async () => {
    const chunk = new TextEncoder().encode(`intent=send&identifier=${'a'.repeat(16 * 1024)}`)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Far more than the limit, if it were all read: the server stops well before.
        if (sent > 40) return controller.close()
        sent += 1
        controller.enqueue(chunk)
      },
    })
    const response = await fetch(`${base}/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept-Language': 'pt' },
      body,
      duplex: 'half',
      redirect: 'manual',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect(await response.text()).toContain('Envio grande demais')
  })

  it('takes up to the upload limit on the picture form, and refuses more with a 413', async () => {
    // Just over the form limit is fine where files are taken (it reaches the action: a field error, not a 413).
    const picture = new FormData()
    picture.set('intent', 'avatar')
    picture.set('avatar', new File([new Uint8Array(FORM_BODY_LIMIT * 2)], 'zeros.png', { type: 'image/png' }))
    const taken = await send({ label: 'upload', method: 'POST', path: '/me/settings', body: picture, signedIn: true })
    expect(taken.status).toBe(400)
    const tooMuch = await rawPost(
      '/me/settings',
      { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(UPLOAD_BODY_LIMIT + 1) },
      '--x\r\n',
    )
    expect(tooMuch.status).toBe(413)
    // A multipart post to a route that takes no files gets the form limit.
    const form = new FormData()
    form.set('identifier', 'a'.repeat(FORM_BODY_LIMIT))
    expect(
      (await send({ label: 'multipart', method: 'POST', path: '/sign-in', body: form, signedIn: false })).status,
    ).toBe(413)
  })

  it('answers a body that is not a form with 415 or 400, translated', async () => {
    const json = await send({
      label: 'json',
      method: 'POST',
      path: '/sign-in',
      contentType: 'application/json',
      body: '{"intent":"send"}',
      signedIn: false,
    })
    expect(json.status).toBe(415)
    expect(json.text).toContain('No es un formulario')
    const torn = await send({
      label: 'torn',
      method: 'POST',
      path: '/me/settings',
      contentType: 'multipart/form-data; boundary=zzz',
      body: '--zzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nprofile',
      signedIn: true,
    })
    expect(torn.status).toBe(400)
    expect(torn.text).toContain('Solicitud no válida')
  })

  it('answers odd addresses (NUL, bad percent-encoding, overlong segments) with a 400 page, signed in too', async () => {
    for (const path of ['/me/%00', '/%E0%A4%A', `/${DEMO_BRAND_SLUG}/${'x'.repeat(300)}`]) {
      const answer = await send({ label: 'odd path', method: 'GET', path, signedIn: true })
      expect(answer.status, path).toBe(400)
      expect(answer.text).toContain('Solicitud no válida')
    }
  })
})

describe('generated bad input over every action', () => {
  // The probes grow with every form and call (about 7,700 now), and a busy two-core machine takes
  // minutes: the limit only catches a hang. The run's length is printed below.
  it('answers every generated request with less than 500', { timeout: 480_000 }, async () => {
    const probes = await generateProbes()
    expect(probes.length).toBeGreaterThan(200)
    // Sessions made before the run: this process writing to SQLite while the server does would
    // make the server wait on the database lock, which is not what is being tested.
    const cookies = await Promise.all(
      probes.map((probe) => (probe.signedIn ? signedInCookie(probe.as ?? userId) : undefined)),
    )
    const failures: string[] = []
    const started = performance.now()
    // A few at a time, as browsers would: the run stays short without crowding a small machine.
    await inParallel(probes, 4, async (probe, index) => {
      const { status, text } = await send({ ...probe, cookie: cookies[index] })
      // A refusal page whose heading is a translation key lost its texts (the root's data) on the way.
      const heading = text.match(/<h1[^>]*>([^<]*)</)?.[1] ?? ''
      const untranslated = [400, 413, 415].includes(status) && /^\w+:[\w.]+$/.test(heading)
      if (status >= 500 || untranslated) failures.push(`${status} ${heading} ← ${describeProbe(probe)}`)
    })
    console.log(`${probes.length} generated requests in ${Math.round(performance.now() - started)} ms`)
    if (failures.length) console.error(`Server output:\n${server.output.join('\n')}`)
    expect(
      failures,
      `${failures.length} of ${probes.length} generated requests answered 5xx or an untranslated page`,
    ).toEqual([])
  })
})

/**
 * Every action route's URL (params filled with the demo community's values), from the server
 * build's route table (the browser's manifest lists only the routes a page matched). Read in a
 * child process with the server's environment: importing the build starts the app's modules.
 */
function actionPaths(): string[] {
  const script = `const { routes } = await import('./build/index.js')
    const table = Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, { path: route.path, parentId: route.parentId, index: route.index, hasAction: typeof route.module.action === 'function' }]))
    process.stdout.write(JSON.stringify(table))
    process.exit(0)`
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env: serverEnvironment,
    encoding: 'utf8',
    timeout: 30_000,
  })
  if (child.status !== 0) throw new Error(`reading the build's routes failed: ${child.stderr}`)
  const routes = JSON.parse(child.stdout) as Record<
    string,
    { path?: string; parentId?: string; index?: boolean; hasAction: boolean }
  >
  const values: Record<string, string> = {
    brand: DEMO_BRAND_SLUG,
    room: 'welcome-call',
    slug: 'fresh-room-link',
    provider: 'loopback',
    id: 'x',
  }
  const pathOf = (id: string): string[] => {
    const route = routes[id]!
    return [...(route.parentId ? pathOf(route.parentId) : []), ...(route.path ? [route.path] : [])]
  }
  const paths = Object.entries(routes)
    .filter(([, route]) => route.hasAction)
    .map(([id, route]) => {
      const segments = pathOf(id)
        .join('/')
        .split('/')
        .filter(Boolean)
        .map((segment) =>
          segment === '*'
            ? 'anything'
            : segment.startsWith(':')
              ? (values[segment.slice(1).replace(/\?$/, '')] ?? 'x')
              : segment,
        )
      return `/${segments.join('/')}${route.index ? '?index' : ''}`
    })
  if (paths.length < 5) throw new Error(`only ${paths.length} action routes in the build`)
  return paths
}

type Field = [name: string, value: string | File]
type FormVariant = { path: string; fields: Field[]; multipart: boolean }

/** The post forms a page shows (one variant per named submit button), as [action path, fields]. */
function formsOn(pagePath: string, html: string): FormVariant[] {
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
  const attribute = (tag: string, name: string) => {
    const match = tag.match(new RegExp(`\\s${name}="([^"]*)"`))
    return match ? decode(match[1]!) : undefined
  }
  const variants: FormVariant[] = []
  for (const [, attributes, inner] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    if (attribute(attributes!, 'method')?.toLowerCase() !== 'post') continue
    const path = new URL(attribute(attributes!, 'action') ?? pagePath, base + pagePath)
    const multipart = attribute(attributes!, 'enctype') === 'multipart/form-data'
    const fields: Field[] = []
    const buttons: Field[] = []
    for (const [tag] of inner!.matchAll(/<(?:input|textarea|select|button)\b[^>]*>/g)) {
      const name = attribute(tag, 'name')
      if (!name) continue
      const type = attribute(tag, 'type')
      if (tag.startsWith('<button') || type === 'submit') buttons.push([name, attribute(tag, 'value') ?? ''])
      else if (type === 'file')
        fields.push([name, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' })])
      else if (type !== 'checkbox' || tag.includes(' checked'))
        fields.push([name, attribute(tag, 'value') ?? (type === 'checkbox' ? 'on' : 'x')])
    }
    for (const button of buttons.length ? buttons : [null]) {
      variants.push({ path: path.pathname + path.search, fields: button ? [...fields, button] : fields, multipart })
    }
  }
  return variants
}

const VALUES = [
  '',
  ' ',
  'x'.repeat(20_000),
  'Ünïcødé 𝄞 漢字 \u202e\u200b',
  'a\u0000b',
  '%00%ZZ',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '-1',
  '1e309',
  'null',
  '9'.repeat(40),
  'x'.repeat(37),
  'https://evil.example/',
  '//evil.example',
]

/** A request's worth of fields as the given encoding. */
function encode(fields: Field[], multipart: boolean): Pick<Probe, 'body' | 'contentType'> {
  if (multipart || fields.some(([, value]) => typeof value !== 'string')) {
    const form = new FormData()
    for (const [name, value] of fields) form.append(name, value)
    return { body: form }
  }
  return {
    body: new URLSearchParams(fields as [string, string][]).toString(),
    contentType: 'application/x-www-form-urlencoded',
  }
}

function mutations(variant: FormVariant, random: () => number): Field[][] {
  const { fields } = variant
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
  const all: Field[][] = []
  fields.forEach(([name], index) => {
    for (const value of VALUES) all.push(fields.map((field, at) => (at === index ? [name, value] : field)))
    all.push(fields.filter((_, at) => at !== index))
    all.push([...fields, [name, pick(VALUES)]])
    all.push([...fields.slice(0, index + 1), [name, fields[index]![1]], ...fields.slice(index + 1)])
    all.push(fields.map((field, at) => (at === index ? [`${name}[]`, field[1]] : field)))
  })
  all.push(
    [],
    [['intent', pick(VALUES)]],
    fields.map(([name]) => [name, pick(VALUES)]),
  )
  return all
}

const RAW_BODIES: Array<{ label: string; contentType?: string; body: string | Uint8Array<ArrayBuffer> }> = [
  { label: 'JSON', contentType: 'application/json', body: '{"intent":"send","identifier":["a"]}' },
  { label: 'JSON, broken', contentType: 'application/json', body: '{"intent":' },
  { label: 'plain text', contentType: 'text/plain', body: 'intent=send' },
  { label: 'XML', contentType: 'application/xml', body: '<intent>send</intent>' },
  { label: 'no content type', body: new TextEncoder().encode('intent=send') },
  { label: 'urlencoded, torn escape', contentType: 'application/x-www-form-urlencoded', body: 'intent=sen%E2%8' },
  { label: 'urlencoded, odd separators', contentType: 'application/x-www-form-urlencoded', body: '&&==&intent&=%&%%' },
  {
    label: 'urlencoded, bad charset',
    contentType: 'application/x-www-form-urlencoded; charset=utf-7',
    body: 'intent=%FF%FE',
  },
  { label: 'multipart without boundary', contentType: 'multipart/form-data', body: 'intent=send' },
  { label: 'multipart, garbage', contentType: 'multipart/form-data; boundary=b', body: 'not multipart at all' },
  {
    label: 'multipart, torn',
    contentType: 'multipart/form-data; boundary=b',
    body: '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsend',
  },
  {
    label: 'multipart, no name',
    contentType: 'multipart/form-data; boundary=b',
    body: '--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--\r\n',
  },
  {
    label: 'multipart, a file where text goes',
    contentType: 'multipart/form-data; boundary=b',
    body: '--b\r\nContent-Disposition: form-data; name="intent"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nsend\r\n--b--\r\n',
  },
]

const ODD_PATHS = [
  '/me/%00',
  '/%00',
  `/${DEMO_BRAND_SLUG}/%00`,
  `/${DEMO_BRAND_SLUG}/welcome-call%00`,
  '/%',
  '/me/%ZZ',
  '/%E0%A4%A',
  '/sign-in/%C0%AF',
  `/${'a'.repeat(5000)}`,
  `/${DEMO_BRAND_SLUG}/${'x'.repeat(300)}`,
  '/registered/%00',
  '/ml/%00',
  '/connect/%00',
  '/..%2F..%2Fetc%2Fpasswd',
  '/sign-in?redirectTo=%00',
  '/sign-in?redirectTo=%ZZ',
  `/callback?r=${'x'.repeat(3000)}`,
  '/me?%00=%00',
]

async function generateProbes(): Promise<Probe[]> {
  const random = mulberry32(SEED)
  const paths = actionPaths()
  const probes: Probe[] = []
  for (const { signedIn, as } of [
    { signedIn: false },
    { signedIn: true, as: userId },
    { signedIn: true, as: adminId },
  ]) {
    // The forms as the pages show them to this visitor, by the path they post to.
    const variants: FormVariant[] = []
    for (const page of ['/', `/${DEMO_BRAND_SLUG}`, ...paths]) {
      const answer = await send({ label: 'page', method: 'GET', path: page, signedIn, as })
      variants.push(...formsOn(page, answer.text))
    }
    for (const path of paths) {
      const pathname = path.split('?')[0]
      const own = variants.filter((variant) => variant.path.split('?')[0] === pathname)
      const forms = own.length ? own : [{ path, fields: [['intent', 'x']] as Field[], multipart: false }]
      const generated = forms.flatMap((form) => mutations(form, random).map((fields) => ({ form, fields })))
      for (let count = 0; count < MUTATIONS_PER_ROUTE && generated.length; count += 1) {
        const { form, fields } = generated.splice(Math.floor(random() * generated.length), 1)[0]!
        probes.push({
          label: 'mutated form',
          method: 'POST',
          path: form.path,
          signedIn,
          as,
          ...encode(fields, form.multipart && random() < 0.7),
        })
      }
      for (const raw of RAW_BODIES)
        probes.push({
          label: raw.label,
          method: 'POST',
          path,
          signedIn,
          as,
          contentType: raw.contentType,
          body: raw.body,
        })
    }
    for (const path of ODD_PATHS) {
      probes.push({ label: 'odd path', method: 'GET', path, signedIn, as })
      probes.push({ label: 'odd path', method: 'POST', path, signedIn, as, ...encode([['intent', 'x']], false) })
    }
  }
  return probes
}

async function inParallel<T>(items: T[], lanes: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) {
        const index = next++
        await work(items[index]!, index)
      }
    }),
  )
}

/** A small seeded generator (mulberry32): the same requests on every run. */
function mulberry32(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

/** A POST with headers fetch would not send (a Content-Length that the body does not match). */
function rawPost(
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      base + path,
      { method: 'POST', headers: { 'Accept-Language': 'es', ...headers } },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
      },
    )
    // The server answers without reading the whole declared body, then closes the connection.
    request.on('error', reject)
    request.write(body)
  })
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}
