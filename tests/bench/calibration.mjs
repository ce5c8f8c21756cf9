// The calibration: a fixed amount of server rendering, to read every route's figures against. A
// plain node:http server in a child process renders a 200-element React tree with the app's own
// react-dom/server (renderToPipeableStream, the API entry.server.tsx uses): no framework, no
// database, no middleware. A busy or slow machine moves the calibration and the routes together,
// so the ratio stays comparable between runs where milliseconds do not.
//
// Two builds of React: `development` is the yardstick the targets were set against (its
// "~4.4 ms per request" is what React's development build takes for this tree here; the production
// build takes about 0.6 ms), `production` is what the app itself runs, printed as the floor a page
// cannot go below.
//
//   node tests/bench/calibration.mjs <port> [development|production]    serves it alone
import { spawn } from 'node:child_process'
import http from 'node:http'
import { fileURLToPath } from 'node:url'
import { createElement as h } from 'react'
import { renderToPipeableStream } from 'react-dom/server'

export const CALIBRATION_ELEMENTS = 200
const ITEMS = 64
const START_TIMEOUT_MS = 10_000

/**
 * 8 elements of document and list around 64 items of 3 (li, a, span): 200 elements, with a little
 * per-request text so nothing can be rendered once and replayed.
 */
function page(requestNumber) {
  const items = Array.from({ length: ITEMS }, (_, i) =>
    h(
      'li',
      { key: i, className: 'item' },
      h('a', { href: `/items/${i}` }, `Item ${i}`),
      h('span', null, ` request ${requestNumber}`),
    ),
  )
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Calibration')),
    h('body', null, h('main', null, h('h1', null, `${CALIBRATION_ELEMENTS} elements`), h('ul', null, items))),
  )
}

/** Opening tags in an HTML document, to check that the calibration renders what it says. */
export function countElements(html) {
  return (html.match(/<[a-z][a-z0-9]*[\s>/]/g) ?? []).length
}

function serve(port) {
  let requests = 0
  const server = http.createServer((request, response) => {
    const { pipe } = renderToPipeableStream(page(++requests), {
      onShellReady() {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        pipe(response)
      },
      onShellError(error) {
        response.writeHead(500).end(String(error))
      },
    })
  })
  server.listen(port, '127.0.0.1')
  process.once('SIGTERM', () => server.close(() => process.exit(0)))
}

/**
 * Starts the calibration server in a child process, with React's `development` or `production`
 * build (NODE_ENV picks it at import); resolves once it answers with its 200 elements.
 */
export async function startCalibration(port, mode) {
  const env = { ...process.env, NODE_ENV: mode }
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), String(port), mode], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      const force = setTimeout(() => child.kill('SIGKILL'), 3_000)
      child.once('exit', () => {
        clearTimeout(force)
        resolve()
      })
      child.kill('SIGTERM')
    })
  const url = `http://127.0.0.1:${port}/`
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline && child.exitCode === null) {
    const html = await fetch(url, { signal: AbortSignal.timeout(1_000) }).then(
      (response) => response.text(),
      () => null,
    )
    if (html !== null) {
      const elements = countElements(html)
      if (elements !== CALIBRATION_ELEMENTS) {
        await stop()
        throw new Error(`the calibration rendered ${elements} elements, not ${CALIBRATION_ELEMENTS}`)
      }
      return { url, child, stop }
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await stop()
  throw new Error(`the calibration server did not answer on ${url} within ${START_TIMEOUT_MS / 1000} s`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Run alone, the mode is the second argument; NODE_ENV must say the same before React loads.
  if (process.argv[3] && process.env.NODE_ENV !== process.argv[3])
    throw new Error(`run with NODE_ENV=${process.argv[3]}`)
  serve(Number(process.argv[2] ?? 3201))
}
