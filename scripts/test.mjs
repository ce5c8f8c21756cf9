// npm test: type-check, build, unit and integration tests (SQLite, and MySQL/MariaDB too when
// DATABASE_URL names one), then the end-to-end suite. Prints each step's time and the total (so a
// slow step shows before CI's limit does), the name of every test that failed (so the tail of a CI
// log says which), then one line: "N passed, N failed" (CI reads it).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'

const reports = mkdtempSync(join(tmpdir(), 'hearth-test-'))
const totals = { passed: 0, failed: 0 }
const started = Date.now()
const timings = []
/** "step › file › test" of each failure, printed again at the end. */
const failures = []

const duration = (ms) => {
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`
}
const bin = (name) => join('node_modules', '.bin', name)

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`)
  const stepStarted = Date.now()
  const result = spawnSync('node', [bin(command), ...args], { stdio: 'inherit', env: { ...process.env, ...env } })
  const took = Date.now() - stepStarted
  timings.push([title, took])
  console.log(`⏱ ${title}: ${duration(took)}`)
  return result.status === 0
}

/** A step with no test count of its own (type-check, build) counts as one check. */
function check(title, command, args) {
  const ok = step(title, command, args)
  totals[ok ? 'passed' : 'failed'] += 1
  return ok
}

function vitest(title, project, env, extra = []) {
  const output = join(reports, `${title.replace(/\W+/g, '-')}.json`)
  const ok = step(
    title,
    'vitest',
    ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`, ...extra],
    env,
  )
  count(output, ok, (report) => {
    for (const file of report.testResults) {
      const failed = file.assertionResults.filter((test) => test.status === 'failed')
      for (const test of failed) failures.push(`${title} › ${relative('.', file.name)} › ${test.fullName}`)
      // A file that failed outside any test (an import, a hook) has no failed assertion to name.
      if (file.status === 'failed' && failed.length === 0)
        failures.push(`${title} › ${relative('.', file.name)} › ${file.message.split('\n')[0]}`)
    }
    return [report.numPassedTests, report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0)]
  })
}

function playwright() {
  const output = join(reports, 'e2e.json')
  const ok = step('End-to-end (Chromium, with and without JavaScript)', 'playwright', ['test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: output,
  })
  count(output, ok, (report) => {
    const visit = (suite, path) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests)
          if (test.status === 'unexpected' || test.status === 'flaky')
            failures.push(
              `e2e › [${test.projectName}] ${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`,
            )
      for (const child of suite.suites ?? []) visit(child, [...path, child.title])
    }
    for (const suite of report.suites) visit(suite, [])
    for (const error of report.errors ?? []) failures.push(`e2e › ${error.message?.split('\n')[0]}`)
    return [report.stats.expected, report.stats.unexpected + report.stats.flaky + (report.errors?.length ?? 0)]
  })
}

/** Adds a runner's counts; a runner that failed without a report counts as one failure. */
function count(reportFile, ok, read) {
  if (!existsSync(reportFile)) {
    totals.failed += 1
    return
  }
  const [passed, failed] = read(JSON.parse(readFileSync(reportFile, 'utf8')))
  totals.passed += passed
  totals.failed += failed || (ok ? 0 : 1)
}

const databaseUrl = process.env.DATABASE_URL ?? ''
check('Type-check', 'tsc', ['--noEmit'])
const built = check('Build', 'remix', ['build'])
vitest('Unit tests', 'unit', {})
const mysqlToo = /^(mysql|mariadb):/.test(databaseUrl)
// The media edge's tests (real mediasoup and ffmpeg, the slow ones) run once: on MySQL/MariaDB, the
// database production runs, when there is one; what they keep there is no different on SQLite.
vitest(
  'Integration tests on SQLite',
  'integration',
  { TEST_DATABASE_URL: 'sqlite:' },
  mysqlToo ? ['--exclude', 'tests/integration/media-edge/**'] : [],
)
if (mysqlToo) vitest('Integration tests on MySQL/MariaDB', 'integration', { TEST_DATABASE_URL: databaseUrl })
if (built) playwright()
else totals.failed += 1

console.log('\nTime per step:')
for (const [title, took] of timings) console.log(`⏱ ${title}: ${duration(took)}`)
console.log(`⏱ Total: ${duration(Date.now() - started)}`)
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((failure) => `✗ ${failure}`).join('\n')}`)
console.log(`\n${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed ? 1 : 0)
