// What an operator reads off the running production server and edge: request ids, readiness, and the
// Prometheus metrics on their own ports (E2E_METRICS_PORT for the web server, the next one for the edge).
import { expect, test } from '@playwright/test'

const metricsPort = Number(process.env.E2E_METRICS_PORT)

test('each answer carries a request id, counted in the metrics under its route', async ({ request }) => {
  const page = await request.get('/demo')
  expect(page.status()).toBe(200)
  expect(page.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  // A trusted proxy's id (loopback is one) is kept, so the proxy's and the app's logs agree.
  const proxied = await request.get('/demo', { headers: { 'X-Request-Id': 'nginx-0123456789abcdef' } })
  expect(proxied.headers()['x-request-id']).toBe('nginx-0123456789abcdef')

  const metrics = await (await request.get(`http://127.0.0.1:${metricsPort}/metrics`)).text()
  const pageCount = /^hearth_http_requests_total\{route="\/:param",method="GET",status="200"\} (\d+)$/m.exec(metrics)
  expect(Number(pageCount?.[1])).toBeGreaterThanOrEqual(2)
  expect(metrics).toMatch(/^hearth_http_request_duration_seconds_count\{route="\/:param",method="GET"\} \d+$/m)
  expect(metrics).toMatch(/^hearth_live_streams_open \d+$/m)
})

test('the web server is live and ready, and the edge serves its metrics', async ({ request }) => {
  expect(await (await request.get('/healthz')).json()).toEqual({ status: 'ok', version: '3.68.0' })
  const ready = await request.get('/readyz')
  expect(ready.status()).toBe(200)
  expect(await ready.json()).toMatchObject({ status: 'ok', database: 'ok', redis: 'off' })

  const edge = await (await request.get(`http://127.0.0.1:${metricsPort + 1}/metrics`)).text()
  expect(edge).toMatch(/^hearth_edge_meetings \d+$/m)
  expect(edge).toMatch(/^hearth_edge_worker_cpu_seconds\{worker="0"\} [\d.e+-]+$/m)
  // Not on the public ports.
  expect((await request.get('/metrics')).status()).toBe(404)
})
