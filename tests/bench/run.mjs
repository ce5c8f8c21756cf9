// npm run bench: throughput and latency of the community home and the bare route, each against a
// plain React server rendering 200 elements (calibration.mjs), and the JavaScript and HTML each page costs; then the media edge's benchmarks (edge-consumers.mjs,
// edge-broadcast.mjs, mixed-voices.mjs) and the meeting join (meeting-join.mjs), each in a process of its own. About three minutes; figures are printed, not
// asserted.
//
//   node tests/bench/run.mjs          everything
//   node tests/bench/run.mjs --web    the web figures only (pages, load, calibration), about two minutes
//
// The last line is `BENCH_JSON {...}` with every number, for scripts to pick up.
import { spawn } from 'node:child_process'
import { availableParallelism, loadavg } from 'node:os'
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import {
  baselineFiles,
  compareUrlSets,
  findManifestFile,
  measureFiles,
  pageFiles,
  readManifest,
  scriptUrlsInHtml,
} from './bundle.mjs'
import { CALIBRATION_ELEMENTS, startCalibration } from './calibration.mjs'
import { measureFixedRate, measurePaced, measureThroughput } from './load.mjs'
import { heading, kb, ms, table, verdict } from './report.mjs'
import { assertPortFree, createTempDatabase, ensureBuild, seedDatabase, serverEnv, startServer } from './server.mjs'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const PORT = 3200
const BASE_URL = `http://127.0.0.1:${PORT}`
const CALIBRATION_PORTS = { development: PORT + 1, production: PORT + 2 }
// Past this the run is stuck, not slow: stop the server and say so.
const RUN_DEADLINE_MS = 240_000
/** Run once the web server has stopped, each with its own deadline (the scripts also run alone). */
const EDGE_BENCHES = ['edge-consumers.mjs', 'edge-broadcast.mjs', 'meeting-join.mjs', 'mixed-voices.mjs']
const EDGE_BENCH_DEADLINE_MS = 200_000

const TARGETS = {
  // Throughput with one connection (each request alone) as a fraction of the calibration's.
  bareToCalibrationMin: 0.5,
  homeToCalibrationMin: 0.35,
  // The community home's throughput at 50 connections as a fraction of the bare route's.
  rpsRatioMin: 0.6,
  p99AtFixedRateMaxMs: 50,
  jsGzipRatioMax: 1.15,
}

/** The community home hits the database; the bare route is the document shell around a constant. */
const HOME = '/demo'
const BARE = '/_bench'
/**
 * The plain React server every route is compared with (calibration.mjs): React's development build,
 * the yardstick the targets were set against. The same tree with React's production build
 * (what the app runs) is measured with one connection, as the floor a page cannot go below.
 */
const CALIBRATION = 'calibration'
const REACT_FLOOR = 'react production'
const LOAD = {
  single: { connections: 1, warmupSeconds: 2, seconds: 8 },
  throughput: { connections: 50, warmupSeconds: 2, seconds: 10 },
  fixedRate: { connections: 10, rate: 50, seconds: 10 },
}

/**
 * Requests as a current desktop browser sends them: the root loader parses the user agent and
 * picks the language from Accept-Language, and compression() answers Accept-Encoding, all of which
 * is part of what a page costs the server.
 */
const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
}

/** Each page and the manifest route it ends on (the route chain up to root is followed from there). */
const PAGES = [
  { path: '/', leaf: 'routes/_index' },
  { path: HOME, leaf: 'routes/$brand._community._index' },
  { path: '/kicked', leaf: 'routes/kicked' },
  { path: '/dev', leaf: 'routes/dev' },
  { path: '/community-not-found', leaf: 'routes/community-not-found' },
  { path: '/connection-error', leaf: 'routes/connection-error' },
  { path: '/unsupported-device', leaf: 'routes/unsupported-device' },
  // Several segments: a single one would be read as a community slug by $brand.
  { path: '/no/such/page', leaf: 'routes/$', label: '404 (splat)' },
  { path: BARE, leaf: 'routes/[_]bench' },
]

// ---------------------------------------------------------------------------------------------
// Pages: HTML document and JavaScript

/** The document itself, uncompressed (gzip is computed here), without following redirects. */
async function fetchDocument(path) {
  const response = await fetch(`${BASE_URL}${path}`, {
    headers: { ...BROWSER_HEADERS, 'accept-encoding': 'identity' },
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  })
  const html = await response.text()
  return { status: response.status, location: response.headers.get('location'), html }
}

/** What the server really sends for each URL, measured like the manifest files. */
async function fetchFileSizes(urls) {
  let raw = 0
  let gzip = 0
  const failed = []
  for (const url of urls) {
    const response = await fetch(`${BASE_URL}${url}`, {
      headers: { 'accept-encoding': 'identity' },
      signal: AbortSignal.timeout(10_000),
    })
    const body = Buffer.from(await response.arrayBuffer())
    if (!response.ok) failed.push(`${url} (${response.status})`)
    raw += body.length
    gzip += gzipSync(body).length
  }
  return { files: urls.length, raw, gzip, failed }
}

async function measurePage(manifest, baseline, page) {
  const fromManifest = pageFiles(manifest, page.leaf)
  const js = measureFiles(ROOT, fromManifest)
  const document = await fetchDocument(page.path)
  const fromHtml = scriptUrlsInHtml(document.html)
  const served = await fetchFileSizes(fromHtml)
  return {
    page: page.label ?? page.path,
    path: page.path,
    leaf: page.leaf,
    status: document.status,
    location: document.location,
    js: { ...js, ratioToBaselineGzip: Number((js.gzip / baseline.gzip).toFixed(3)) },
    servedJs: { ...served, ...compareUrlSets(fromManifest, fromHtml) },
    document: { raw: Buffer.byteLength(document.html), gzip: gzipSync(document.html).length },
  }
}

/** The namespaces the root loader hands every document (SHELL_NAMESPACES in app/lib/i18n/i18n.ts). */
const SHELL_NAMESPACES = ['common', 'pages']

/**
 * One language's shell messages as minified JSON: roughly the floor translations add to each page
 * (before turbo-stream's encoding); a route that needs more namespaces adds them.
 */
function translationSize(language) {
  const dir = join(ROOT, 'locales', language)
  const messages = {}
  for (const namespace of SHELL_NAMESPACES)
    messages[namespace] = JSON.parse(readFileSync(join(dir, `${namespace}.json`), 'utf8'))
  const json = JSON.stringify(messages)
  return { language, raw: Buffer.byteLength(json), gzip: gzipSync(json).length }
}

async function measurePages() {
  const manifestFile = findManifestFile(ROOT)
  const manifest = readManifest(manifestFile)
  const baseline = measureFiles(ROOT, baselineFiles(manifest))
  const pages = []
  for (const page of PAGES) pages.push(await measurePage(manifest, baseline, page))
  return { manifestFile: manifestFile.slice(ROOT.length + 1), baseline, pages, translations: translationSize('en') }
}

function printPages({ manifestFile, baseline, pages, translations }) {
  heading(`JavaScript per page (manifest ${manifestFile}; gzip per file, default level)`)
  console.log(
    `Framework baseline (entry.client + imports): ${baseline.files} files, ${kb(baseline.raw)} KB raw, ${kb(baseline.gzip)} KB gzip`,
  )
  console.log(`Target: page JS (gzip) <= ${TARGETS.jsGzipRatioMax}x baseline\n`)
  console.log(
    table(
      ['page', 'status', 'files', 'raw KB', 'gzip KB', 'x baseline', 'target', 'served raw KB', 'served gzip KB'],
      pages.map((p) => [
        p.page,
        p.status,
        p.js.files,
        kb(p.js.raw),
        kb(p.js.gzip),
        p.js.ratioToBaselineGzip.toFixed(2),
        verdict(p.js.ratioToBaselineGzip <= TARGETS.jsGzipRatioMax),
        kb(p.servedJs.raw),
        kb(p.servedJs.gzip),
      ]),
    ),
  )
  console.log(
    '(served = every <script src>, <link rel="modulepreload"> and inline module import in the HTML, fetched from the server)',
  )
  printServedDifferences(pages)

  heading('HTML document per page (translations travel in it)')
  console.log(
    table(
      ['page', 'status', 'raw KB', 'gzip KB', 'redirects to'],
      pages.map((p) => [p.page, p.status, kb(p.document.raw), kb(p.document.gzip), p.location ?? '']),
    ),
  )
  const { language, raw, gzip } = translations
  console.log(
    `Translations the root sends (${language}, ${SHELL_NAMESPACES.join(' + ')}, minified JSON): ${kb(raw)} KB raw, ${kb(gzip)} KB gzip, in each document above`,
  )
}

/** Where the manifest estimate and the document disagree, name the files so the gap can be explained. */
function printServedDifferences(pages) {
  for (const p of pages) {
    const { onlyInHtml, onlyInManifest, failed } = p.servedJs
    if (onlyInHtml.length === 0 && onlyInManifest.length === 0 && failed.length === 0) continue
    console.log(`  ${p.page}: served ${kb(p.servedJs.gzip)} KB gzip vs manifest ${kb(p.js.gzip)} KB gzip`)
    if (onlyInHtml.length) console.log(`    only in the HTML:     ${onlyInHtml.join(', ')}`)
    if (onlyInManifest.length) console.log(`    only in the manifest: ${onlyInManifest.join(', ')}`)
    if (failed.length) console.log(`    failed to fetch:      ${failed.join(', ')}`)
  }
}

// ---------------------------------------------------------------------------------------------
// Load: throughput and latency

function loadSeconds() {
  const { single, throughput, fixedRate } = LOAD
  return (
    4 * (single.warmupSeconds + single.seconds) +
    3 * (throughput.warmupSeconds + throughput.seconds) +
    2 * 2 * fixedRate.seconds
  )
}

/**
 * The calibration and the two routes back to back with the same autocannon settings and headers:
 * first one connection (what one request costs), then 50 (what the process can get through).
 */
async function measureLoad(calibrations, serverPid) {
  const urls = {
    [CALIBRATION]: calibrations.development.url,
    [BARE]: `${BASE_URL}${BARE}`,
    [HOME]: `${BASE_URL}${HOME}`,
  }
  const pids = {
    [CALIBRATION]: calibrations.development.pid,
    [REACT_FLOOR]: calibrations.production.pid,
    [BARE]: serverPid,
    [HOME]: serverPid,
  }
  const single = {}
  const throughput = {}
  const fixedRate = {}
  const paced = {}
  for (const [results, settings] of [
    [single, LOAD.single],
    [throughput, LOAD.throughput],
  ]) {
    const { connections, warmupSeconds, seconds } = settings
    const measured = connections === 1 ? { ...urls, [REACT_FLOOR]: calibrations.production.url } : urls
    for (const [name, url] of Object.entries(measured)) {
      console.log(
        `  ${name}: max throughput, ${connections} connection${connections > 1 ? 's' : ''}, ${warmupSeconds} s warm-up + ${seconds} s...`,
      )
      results[name] = await measureThroughput(url, { ...settings, headers: BROWSER_HEADERS, pid: pids[name] })
    }
  }
  for (const path of [HOME, BARE]) {
    console.log(
      `  ${path}: ${LOAD.fixedRate.rate} requests/s, ${LOAD.fixedRate.connections} connections, ${LOAD.fixedRate.seconds} s...`,
    )
    fixedRate[path] = await measureFixedRate(urls[path], { ...LOAD.fixedRate, headers: BROWSER_HEADERS })
  }
  for (const path of [HOME, BARE]) {
    console.log(`  ${path}: ${LOAD.fixedRate.rate} requests/s evenly paced, ${LOAD.fixedRate.seconds} s...`)
    paced[path] = await measurePaced(urls[path], { ...LOAD.fixedRate, headers: BROWSER_HEADERS })
  }
  return { single, throughput, fixedRate, paced, ratios: loadRatios(single, throughput) }
}

function ratio(numerator, denominator) {
  return numerator > 0 && denominator > 0 ? Number((numerator / denominator).toFixed(3)) : null
}

/** Every route's throughput as a fraction of the calibration's, and the home's of the bare route's. */
function loadRatios(single, throughput) {
  const toCalibration = (results) =>
    Object.fromEntries(
      [BARE, HOME, REACT_FLOOR]
        .filter((name) => results[name])
        .map((name) => [name, ratio(results[name].rpsMean, results[CALIBRATION].rpsMean)]),
    )
  // The same comparison in server CPU time per request, which a busy machine moves far less.
  const cpuToCalibration = (results) =>
    Object.fromEntries(
      [BARE, HOME, REACT_FLOOR]
        .filter((name) => results[name])
        .map((name) => [name, ratio(results[CALIBRATION].cpuMsPerRequest, results[name].cpuMsPerRequest)]),
    )
  return {
    singleToCalibration: toCalibration(single),
    singleCpuToCalibration: cpuToCalibration(single),
    throughputCpuToCalibration: cpuToCalibration(throughput),
    homeToBareCpuAt50: ratio(throughput[BARE].cpuMsPerRequest, throughput[HOME].cpuMsPerRequest),
    throughputToCalibration: toCalibration(throughput),
    homeToBareSingle: ratio(single[HOME].rpsMean, single[BARE].rpsMean),
    homeToBare: ratio(throughput[HOME].rpsMean, throughput[BARE].rpsMean),
  }
}

/** Each figure the issue sets a target for: the figure, the target and whether it is met. */
function loadChecks({ ratios, paced }) {
  const atLeast = (value, min) => ({ value, target: `>= ${min * 100}%`, ok: value !== null && value >= min })
  const p99 = paced[HOME].p99Ms
  return {
    bareToCalibration: atLeast(ratios.singleToCalibration[BARE], TARGETS.bareToCalibrationMin),
    homeToCalibration: atLeast(ratios.singleToCalibration[HOME], TARGETS.homeToCalibrationMin),
    homeToBareAt50: atLeast(ratios.homeToBare, TARGETS.rpsRatioMin),
    homeP99Paced: {
      value: p99,
      target: `< ${TARGETS.p99AtFixedRateMaxMs} ms`,
      ok: p99 !== null && p99 < TARGETS.p99AtFixedRateMaxMs,
    },
  }
}

function percent(value) {
  return value === null || value === undefined ? '-' : `${(value * 100).toFixed(1)}%`
}

function printLoad(load) {
  const { single, throughput, fixedRate, paced, ratios } = load
  const checks = loadChecks(load)
  heading(
    `Server rendering against the calibration (plain node:http + react-dom/server, ${CALIBRATION_ELEMENTS} elements)`,
  )
  console.log(
    `Each route's req/s as a fraction of the calibration's (React's development build, the issue's yardstick),`,
  )
  console.log(
    `measured one after the other with the same settings. "${REACT_FLOOR}": the same tree with the production build the app runs.`,
  )
  console.log(
    `1 connection: ${LOAD.single.seconds} s after ${LOAD.single.warmupSeconds} s warm-up; 50 connections: ${LOAD.throughput.seconds} s after ${LOAD.throughput.warmupSeconds} s.\n`,
  )
  const target = { [BARE]: checks.bareToCalibration, [HOME]: checks.homeToCalibration }
  const cpu = (r) =>
    r?.cpuMsPerRequest === null || r?.cpuMsPerRequest === undefined ? '-' : r.cpuMsPerRequest.toFixed(2)
  console.log(
    table(
      [
        'route',
        '1 conn req/s',
        'ms/request',
        'p99 ms',
        'x calibration',
        'target',
        '',
        '50 conn req/s',
        'p99 ms',
        'x calibration',
      ],
      [CALIBRATION, REACT_FLOOR, BARE, HOME].map((name) => [
        name,
        single[name].rpsMean,
        single[name].rpsMean > 0 ? (1000 / single[name].rpsMean).toFixed(2) : '-',
        ms(single[name].p99Ms),
        name === CALIBRATION ? '1' : percent(ratios.singleToCalibration[name]),
        target[name]?.target ?? '',
        target[name] ? verdict(target[name].ok) : '',
        throughput[name]?.rpsMean ?? '',
        throughput[name] ? ms(throughput[name].p99Ms) : '',
        name === CALIBRATION ? '1' : throughput[name] ? percent(ratios.throughputToCalibration[name]) : '',
      ]),
    ),
  )
  console.log(
    `\nServer CPU time per request (from /proc; a busy machine stretches the milliseconds above far more than these):`,
  )
  console.log(
    table(
      ['route', '1 conn CPU ms', 'x calibration', '50 conn CPU ms', 'x calibration'],
      [CALIBRATION, REACT_FLOOR, BARE, HOME].map((name) => [
        name,
        cpu(single[name]),
        name === CALIBRATION ? '1' : percent(ratios.singleCpuToCalibration[name]),
        throughput[name] ? cpu(throughput[name]) : '',
        name === CALIBRATION ? '1' : throughput[name] ? percent(ratios.throughputCpuToCalibration[name]) : '',
      ]),
    ),
  )
  console.log(
    `Community home / bare route in CPU per request, ${LOAD.throughput.connections} connections: ${percent(ratios.homeToBareCpuAt50)}`,
  )
  const failures = Object.entries({ ...single, ...throughput }).filter(([, r]) => r.non2xx + r.errors + r.timeouts > 0)
  for (const [name, r] of failures)
    console.log(`WARNING: ${name} had ${r.non2xx} non-2xx answers and ${r.errors + r.timeouts} errors under load.`)
  console.log(`\nCommunity home / bare route, 1 connection: ${percent(ratios.homeToBareSingle)}`)
  console.log(
    `Community home / bare route, ${LOAD.throughput.connections} connections: ${percent(ratios.homeToBare)} (target ${checks.homeToBareAt50.target}): ${verdict(checks.homeToBareAt50.ok)}`,
  )

  heading(
    `Fixed rate, autocannon (overallRate ${LOAD.fixedRate.rate}, ${LOAD.fixedRate.connections} connections, ${LOAD.fixedRate.seconds} s)`,
  )
  console.log(
    `Each connection sends its share back to back at the top of every second: bursts of ${LOAD.fixedRate.connections} concurrent requests.`,
  )
  console.log(fixedRateTable(fixedRate))
  heading(
    `Fixed rate, evenly paced (one request every ${1000 / LOAD.fixedRate.rate} ms, ${LOAD.fixedRate.seconds} s; latency from the scheduled send)`,
  )
  console.log(fixedRateTable(paced))

  heading('Targets (server rendering)')
  const cpuReading = (value, min) =>
    value === null || value === undefined ? '-' : `${percent(value)} ${verdict(value >= min)}`
  console.log(
    table(
      ['figure', 'value', 'target', '', 'same in CPU/request'],
      [
        [
          'bare route / calibration, 1 connection',
          percent(checks.bareToCalibration.value),
          checks.bareToCalibration.target,
          verdict(checks.bareToCalibration.ok),
          cpuReading(ratios.singleCpuToCalibration[BARE], TARGETS.bareToCalibrationMin),
        ],
        [
          'community home / calibration, 1 connection',
          percent(checks.homeToCalibration.value),
          checks.homeToCalibration.target,
          verdict(checks.homeToCalibration.ok),
          cpuReading(ratios.singleCpuToCalibration[HOME], TARGETS.homeToCalibrationMin),
        ],
        [
          `community home / bare route, ${LOAD.throughput.connections} connections`,
          percent(checks.homeToBareAt50.value),
          checks.homeToBareAt50.target,
          verdict(checks.homeToBareAt50.ok),
          cpuReading(ratios.homeToBareCpuAt50, TARGETS.rpsRatioMin),
        ],
        [
          `community home p99, ${LOAD.fixedRate.rate} req/s evenly paced`,
          `${ms(checks.homeP99Paced.value)} ms`,
          checks.homeP99Paced.target,
          verdict(checks.homeP99Paced.ok),
          '',
        ],
      ],
    ),
  )
  const perRequest = (name) => (1000 / single[name].rpsMean).toFixed(2)
  console.log(
    `Calibration: ${single[CALIBRATION].rpsMean} req/s with 1 connection (${perRequest(CALIBRATION)} ms/request), ${throughput[CALIBRATION].rpsMean} req/s with ${LOAD.throughput.connections}; React's production build: ${perRequest(REACT_FLOOR)} ms/request.`,
  )
}

function fixedRateTable(results) {
  return table(
    [
      'route',
      'req/s done',
      'p50 ms',
      'p99 ms',
      'max ms',
      'requests',
      'non-2xx',
      'errors',
      `p99 < ${TARGETS.p99AtFixedRateMaxMs} ms`,
    ],
    Object.entries(results).map(([path, r]) => [
      path,
      // Below the asked rate means the server fell behind.
      (r.requests / r.durationS).toFixed(1),
      ms(r.p50Ms),
      ms(r.p99Ms),
      ms(r.maxMs),
      r.requests,
      r.non2xx,
      r.errors + r.timeouts,
      verdict(r.p99Ms !== null && r.p99Ms < TARGETS.p99AtFixedRateMaxMs),
    ]),
  )
}

/** A load figure over an error page or a redirect measures the wrong thing: say so up front. */
function warnIfNotServing(pages) {
  for (const path of [HOME, BARE]) {
    const page = pages.find((p) => p.path === path)
    if (page && page.status !== 200)
      console.log(`WARNING: ${path} answers ${page.status}; its load figures are not the page's.`)
  }
}

// ---------------------------------------------------------------------------------------------
// The machine

/**
 * Load figures are only comparable on a quiet machine: autocannon and the server already share
 * it, and anything else running (a test suite, a build) takes CPU from both.
 */
function machineState() {
  return { cpus: availableParallelism(), loadAverage: loadavg().map((value) => Number(value.toFixed(2))) }
}

function printMachine(label, { cpus, loadAverage }, { warnIfBusy }) {
  console.log(`Machine ${label}: ${cpus} CPUs, load average ${loadAverage.join(' / ')} (1 / 5 / 15 min)`)
  if (warnIfBusy && loadAverage[0] >= cpus / 2) {
    console.log('WARNING: the machine is busy; throughput and latency figures will read low and vary between runs.')
  }
}

// ---------------------------------------------------------------------------------------------
// The run

/** Stops the server and removes the database however the run ends: done, failed, interrupted or stuck. */
function cleanupRegistry() {
  const tasks = []
  let ran = false
  const runAll = async () => {
    if (ran) return
    ran = true
    for (const task of tasks.reverse()) await task().catch((error) => console.error(`cleanup: ${error.message}`))
  }
  return { add: (task) => tasks.push(task), runAll }
}

async function main() {
  const cleanup = cleanupRegistry()
  const abort = (why, code) => {
    console.error(`\n${why}: stopping the server.`)
    cleanup.runAll().finally(() => process.exit(code))
  }
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => abort(`Interrupted (${signal})`, 130))
  const deadline = setTimeout(() => abort(`Run exceeded ${RUN_DEADLINE_MS / 1000} s`, 1), RUN_DEADLINE_MS)
  deadline.unref()

  const started = Date.now()
  const machineBefore = machineState()
  printMachine('before the run', machineBefore, { warnIfBusy: true })
  try {
    const build = ensureBuild(ROOT)
    if (build.stale)
      console.log('WARNING: build/ is older than app/: these figures are for the last build (npm run build).')

    await assertPortFree(BASE_URL)
    for (const port of Object.values(CALIBRATION_PORTS)) await assertPortFree(`http://127.0.0.1:${port}`)
    const database = createTempDatabase()
    cleanup.add(async () => database.remove())
    const env = serverEnv(database.url, PORT)
    console.log(`Seeding ${database.url}...`)
    seedDatabase(ROOT, env)

    console.log(`Starting the production server on ${BASE_URL}...`)
    const server = await startServer(ROOT, env, BASE_URL)
    cleanup.add(server.stop)
    // Last resort if the runner dies without running the cleanup: never leave the server behind.
    process.once('exit', () => server.child.kill('SIGKILL'))

    const calibrations = {}
    for (const [mode, port] of Object.entries(CALIBRATION_PORTS)) {
      console.log(`Starting the calibration server (React ${mode} build) on port ${port}...`)
      const calibration = await startCalibration(port, mode)
      cleanup.add(calibration.stop)
      process.once('exit', () => calibration.child.kill('SIGKILL'))
      calibrations[mode] = { url: calibration.url, pid: calibration.child.pid }
    }

    console.log('Measuring pages...')
    const pages = await measurePages()
    warnIfNotServing(pages.pages)
    console.log(`Measuring load (about ${loadSeconds()} s)...`)
    const load = await measureLoad(calibrations, server.child.pid)
    const machineAfter = machineState()
    const serverOutput = server.output.slice()
    await cleanup.runAll()

    printPages(pages)
    printLoad(load)
    console.log('')
    // The benchmark itself keeps both the server and autocannon busy: no warning from this one.
    printMachine('right after the load', machineAfter, { warnIfBusy: false })
    if (serverOutput.length)
      console.log(
        `\nServer output (warnings and errors, last ${serverOutput.length} lines):\n${serverOutput.join('\n')}`,
      )
    clearTimeout(deadline)
    const edge = {}
    const webOnly = process.argv.includes('--web')
    for (const script of webOnly ? [] : EDGE_BENCHES) edge[script.replace(/\.mjs$/, '')] = await runEdgeBench(script)
    const seconds = Math.round((Date.now() - started) / 1000)
    console.log(`\nDone in ${seconds} s.`)
    console.log(
      `BENCH_JSON ${JSON.stringify({ ...benchJson({ build, pages, load, seconds, machine: { before: machineBefore, afterLoad: machineAfter } }), edge })}`,
    )
  } finally {
    await cleanup.runAll()
  }
}

/** Runs one edge benchmark script, showing its output and keeping its BENCH_JSON figures. */
function runEdgeBench(script) {
  console.log(`\nRunning tests/bench/${script}...`)
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'tests/bench', script)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let figures = null
    let pending = ''
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      const lines = (pending + chunk).split('\n')
      pending = lines.pop()
      for (const line of lines) {
        if (line.startsWith('BENCH_JSON ')) figures = JSON.parse(line.slice('BENCH_JSON '.length))
        else if (!line.startsWith('Done in ')) console.log(line)
      }
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), EDGE_BENCH_DEADLINE_MS)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (figures && code === 0) return resolve(figures)
      const why = signal ? `stopped after ${EDGE_BENCH_DEADLINE_MS / 1000} s` : `exit ${code}`
      console.log(`WARNING: ${script} failed (${why}); its figures are missing.`)
      resolve({ failed: why })
    })
  })
}

function benchJson({ build, pages, load, seconds, machine }) {
  const home = load.fixedRate[HOME]
  const homePaced = load.paced[HOME]
  return {
    targets: TARGETS,
    config: {
      load: LOAD,
      headers: BROWSER_HEADERS,
      home: HOME,
      bare: BARE,
      calibration: `node:http + react-dom/server, ${CALIBRATION_ELEMENTS} elements`,
    },
    machine,
    build: { builtNow: build.built, olderThanSources: build.stale, manifest: pages.manifestFile },
    calibration: {
      elements: CALIBRATION_ELEMENTS,
      react: 'development',
      singleConnection: load.single[CALIBRATION],
      throughput: load.throughput[CALIBRATION],
      reactProductionSingleConnection: load.single[REACT_FLOOR],
    },
    singleConnection: load.single,
    throughput: load.throughput,
    fixedRate: load.fixedRate,
    paced: load.paced,
    ratios: load.ratios,
    rpsRatio: load.ratios.homeToBare,
    targetChecks: loadChecks(load),
    checks: {
      rpsRatio: load.ratios.homeToBare !== null && load.ratios.homeToBare >= TARGETS.rpsRatioMin,
      homeP99AtFixedRate: home.p99Ms !== null && home.p99Ms < TARGETS.p99AtFixedRateMaxMs,
      homeP99Paced: homePaced.p99Ms !== null && homePaced.p99Ms < TARGETS.p99AtFixedRateMaxMs,
      jsPerPage: Object.fromEntries(
        pages.pages.map((p) => [p.path, p.js.ratioToBaselineGzip <= TARGETS.jsGzipRatioMax]),
      ),
    },
    js: { baseline: pages.baseline, pages: pages.pages },
    translations: pages.translations,
    durationSeconds: seconds,
  }
}

main().catch((error) => {
  console.error(`\nBenchmark failed: ${error.stack ?? error}`)
  process.exitCode = 1
})
