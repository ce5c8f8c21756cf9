// Load measurements: autocannon's programmatic API, and an evenly paced loop for the steady rate.
import { readFileSync } from 'node:fs'
import http from 'node:http'
import autocannon from 'autocannon'

/** Kernel clock ticks per second, the unit of /proc/<pid>/stat's CPU times (100 on Linux here). */
const CLOCK_TICKS = 100

/**
 * CPU time a process has used so far (user + system), in ms, from /proc; null where there is none.
 * Busy machines stretch wall time, but a request's CPU time barely moves, so this is the steadier figure.
 */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces, inside parentheses): utime is the 14th field, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
  } catch {
    return null
  }
}

/**
 * Latencies are collected from every response rather than read from autocannon's histogram: the
 * histogram stores whole milliseconds (the bare route answers in less than one), and with a fixed
 * rate autocannon "corrects" for coordinated omission with an expected interval of ceil(1 / rate)
 * = 1 ms, which adds a synthetic sample for every millisecond below each real one and drags the
 * percentiles down. Both are avoided by keeping the raw response times, with the correction off.
 */
async function runAutocannon(options) {
  const latencies = []
  // autocannon refuses the option without a rate, where there is nothing to correct anyway.
  const instance = autocannon(options.overallRate ? { ...options, ignoreCoordinatedOmission: true } : options)
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime)
  })
  const result = await instance
  return { result, latencies }
}

function percentile(sorted, fraction) {
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]
}

function round(value, digits = 2) {
  return value === null ? null : Number(value.toFixed(digits))
}

function summarise({ result, latencies }) {
  const sorted = Float64Array.from(latencies).sort()
  return {
    requests: result.requests.total,
    rpsMean: round(result.requests.average, 1),
    p50Ms: round(percentile(sorted, 0.5)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted.length ? sorted[sorted.length - 1] : null),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationS: round(result.duration, 1),
  }
}

/**
 * As many requests as the connections can get through; a short unmeasured run first warms the JIT
 * and caches. With the server's `pid`, also the server's CPU time per request.
 */
export async function measureThroughput(url, { connections, warmupSeconds, seconds, headers, pid }) {
  await runAutocannon({ url, headers, connections, duration: warmupSeconds })
  const cpuBefore = pid ? cpuMs(pid) : null
  const summary = summarise(await runAutocannon({ url, headers, connections, duration: seconds }))
  const cpuAfter = pid ? cpuMs(pid) : null
  const cpuMsPerRequest =
    cpuBefore !== null && cpuAfter !== null && summary.requests > 0
      ? round((cpuAfter - cpuBefore) / summary.requests, 3)
      : null
  return { ...summary, cpuMsPerRequest }
}

/**
 * A steady rate, as a lightly loaded production server sees it. autocannon spreads the rate over
 * the connections, each sending its share at the start of every second.
 */
export async function measureFixedRate(url, { connections, rate, seconds, headers }) {
  return summarise(await runAutocannon({ url, headers, connections, overallRate: rate, duration: seconds }))
}

/**
 * The same rate, evenly paced: one request every 1000 / rate ms, whatever the answers do. autocannon's
 * overallRate lets each connection send its share back to back at the top of every second, so its
 * "50 requests/s" is a burst of 10 concurrent requests; this is the steady trickle a lightly loaded
 * server sees. Latency runs from the scheduled send time, so a server that falls behind shows it.
 */
export async function measurePaced(url, { rate, seconds, headers }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 })
  const intervalMs = 1000 / rate
  const total = Math.round(rate * seconds)
  const started = performance.now()
  const latencies = []
  let non2xx = 0
  let errors = 0
  const inFlight = []
  for (let i = 0; i < total; i++) {
    const scheduledAt = started + i * intervalMs
    await sleepUntil(scheduledAt)
    inFlight.push(
      getOnce(url, headers, agent).then(
        (status) => (status >= 200 && status < 300 ? latencies.push(performance.now() - scheduledAt) : non2xx++),
        () => errors++,
      ),
    )
  }
  await Promise.all(inFlight)
  agent.destroy()
  const sorted = Float64Array.from(latencies).sort()
  return {
    requests: total,
    rpsMean: round(total / ((performance.now() - started) / 1000), 1),
    p50Ms: round(percentile(sorted, 0.5)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted.length ? sorted[sorted.length - 1] : null),
    non2xx,
    errors,
    timeouts: 0,
    durationS: round((performance.now() - started) / 1000, 1),
  }
}

function sleepUntil(time) {
  const wait = time - performance.now()
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve()
}

/** One GET, body read to the end; a 10 s timeout so a stuck request cannot hold the run. */
function getOnce(url, headers, agent) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent, timeout: 10_000 }, (response) => {
      response.on('data', () => {})
      response.on('end', () => resolve(response.statusCode))
      response.on('error', reject)
    })
    request.on('timeout', () => request.destroy(new Error('timeout')))
    request.on('error', reject)
  })
}
