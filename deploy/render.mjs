// What scripts/install-server.mjs writes, as data: the plan (ports, host names, port ranges) derived from its
// options, and every file it renders from the templates beside this module. Nothing here touches the machine, so
// tests/integration/deploy renders the same files the installer does. Plain Node, no dependencies: it runs before
// the app's node_modules exist.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { isIPv4 } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))

/** Where things live on the server (docs/install.md#where-things-are). */
export const PATHS = {
  app: '/opt/hearth',
  releases: '/opt/hearth/releases',
  current: '/opt/hearth/current',
  previous: '/opt/hearth/previous',
  config: '/etc/hearth',
  env: '/etc/hearth/hearth.env',
  tls: '/etc/hearth/tls',
  ca: '/etc/hearth/ca',
  caCert: '/etc/hearth/ca.pem',
  state: '/var/lib/hearth',
  media: '/var/lib/hearth/media',
  uploads: '/var/lib/hearth/uploads',
  recordings: '/var/lib/hearth/recordings',
  workerCache: '/var/cache/hearth',
  acme: '/var/www/hearth-acme',
  nginxSite: '/etc/nginx/sites-available/hearth.conf',
  nginxEnabled: '/etc/nginx/sites-enabled/hearth.conf',
  turnConfig: '/etc/turnserver.conf',
  coturnDefault: '/etc/default/coturn',
  units: '/etc/systemd/system',
  certbotHook: '/etc/letsencrypt/renewal-hooks/deploy/hearth',
  letsencryptLineage: '/etc/letsencrypt/live/hearth',
}

/** Web processes listen on 3000, 3002, …; edges on 3001, 3003, … (the defaults of npm start and npm run edge). */
export const WEB_FIRST_PORT = 3000
export const EDGE_FIRST_PORT = 3001
/**
 * Each edge's RTC ports: 2000 (a port per transport, two transports per person: about 1000 people an edge), from
 * 40000 up, below coturn's relay ports (49152 and up, deploy/coturn/turnserver.conf). Four edges fit; a host big
 * enough for more runs fewer edges with more workers each.
 */
export const RTC_FIRST_PORT = 40000
export const RTC_PORTS_PER_EDGE = 2000
export const MAX_EDGES = 4
export const MAX_WEB = 16
export const TURN_RELAY_PORTS = { min: 49152, max: 65535 }
/** Prometheus metrics (METRICS_PORT, loopback only): web processes on 9101, 9102, …; edges on 9201, 9202, …. */
export const WEB_METRICS_FIRST_PORT = 9101
export const EDGE_METRICS_FIRST_PORT = 9201

/** The line after which /etc/hearth/hearth.env is the operator's own (deploy/hearth.env.example). */
export const YOURS_MARKER = '# ---- Yours: the lines below are kept as they are when the installer runs again ----'

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/

/**
 * The install's shape from the installer's options. Throws one error listing every problem.
 * @param {{ domain: string, email?: string, web?: number, edges?: number, localCa?: boolean, publicIp: string,
 *   localIp?: string, cores?: number, mediasoupVersion: string }} options
 */
export function planInstall(options) {
  const problems = []
  const domain = String(options.domain ?? '').toLowerCase()
  const web = options.web ?? 2
  const edges = options.edges ?? 1
  const cores = options.cores ?? 2
  if (!DOMAIN.test(domain)) problems.push(`--domain: "${options.domain ?? ''}" is not a host name`)
  if (!options.localCa && !/^[^@\s]+@[^@\s]+$/.test(options.email ?? ''))
    problems.push('--email: an address for Let’s Encrypt is required (or use --local-ca)')
  if (!Number.isInteger(web) || web < 1 || web > MAX_WEB) problems.push(`--web: 1 to ${MAX_WEB} processes`)
  if (!Number.isInteger(edges) || edges < 1 || edges > MAX_EDGES) problems.push(`--edges: 1 to ${MAX_EDGES} edges`)
  if (!isIPv4(options.publicIp ?? '')) problems.push(`--public-ip: "${options.publicIp ?? ''}" is not an IPv4 address`)
  if (options.localIp && !isIPv4(options.localIp))
    problems.push(`--local-ip: "${options.localIp}" is not an IPv4 address`)
  if (!/^\d+\.\d+\.\d+$/.test(options.mediasoupVersion ?? ''))
    problems.push(`mediasoup's version "${options.mediasoupVersion}" is not exact (package.json must pin it)`)
  if (problems.length) throw new Error(`Cannot install:\n${problems.map((problem) => `  ${problem}`).join('\n')}`)

  const edgeList = Array.from({ length: edges }, (_, i) => ({
    index: i + 1,
    host: `edge${i + 1}.${domain}`,
    port: EDGE_FIRST_PORT + 2 * i,
    metricsPort: EDGE_METRICS_FIRST_PORT + i,
    rtcMin: RTC_FIRST_PORT + RTC_PORTS_PER_EDGE * i,
    rtcMax: RTC_FIRST_PORT + RTC_PORTS_PER_EDGE * (i + 1) - 1,
    workers: Math.max(1, Math.floor(cores / edges)),
  }))
  const publicIp = options.publicIp
  const localIp = options.localIp && options.localIp !== publicIp ? options.localIp : null
  return {
    domain,
    email: options.email ?? null,
    localCa: Boolean(options.localCa),
    publicIp,
    localIp,
    webPorts: Array.from({ length: web }, (_, i) => WEB_FIRST_PORT + 2 * i),
    edges: edgeList,
    /** Every name the certificate must carry. */
    hosts: [domain, ...edgeList.map((edge) => edge.host)],
    mediasoupWorkerBin: join(PATHS.workerCache, `mediasoup-worker-${options.mediasoupVersion}`),
  }
}

/**
 * Fills a template: `{{NAME}}` is replaced by values.NAME, and the lines between `# {{#NAME}}` and `# {{/NAME}}`
 * (marker lines of their own) are repeated once per item when values.NAME is an array (each item's values over
 * the outer ones), kept once when it is true, dropped when it is false. A name without a value throws: a template
 * never reaches the machine half filled.
 * @param {string} template
 * @param {Record<string, unknown>} values
 * @returns {string}
 */
export function fillTemplate(template, values) {
  const section = /^[ \t]*# \{\{#([A-Z0-9_]+)\}\}[ \t]*\n([\s\S]*?)^[ \t]*# \{\{\/\1\}\}[ \t]*\n/gm
  const expanded = template.replace(section, (_, name, body) => {
    const value = values[name]
    if (Array.isArray(value)) return value.map((item) => fillTemplate(body, { ...values, ...item })).join('')
    if (typeof value === 'boolean') return value ? fillTemplate(body, values) : ''
    throw new Error(`template section {{#${name}}} needs a list or a boolean`)
  })
  return expanded.replace(/\{\{([A-Z0-9_]+)\}\}/g, (_, name) => {
    const value = values[name]
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`template value {{${name}}} is not set`)
    return String(value)
  })
}

/**
 * An environment file as systemd reads it (EnvironmentFile=): KEY=VALUE lines, comments and blank lines skipped,
 * whitespace around the value dropped, one pair of surrounding quotes removed; a later line wins.
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function parseEnvFile(text) {
  /** @type {Record<string, string>} */
  const env = {}
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line)
    if (!match) continue
    const raw = match[2].trim()
    const quoted = /^(['"])(.*)\1$/.exec(raw)
    env[match[1]] = quoted ? quoted[2] : raw
  }
  return env
}

/** 32 random bytes as hex: 64 characters, nothing a URL or a shell would need escaped. */
export const randomSecret = () => randomBytes(32).toString('hex')

/** The secrets of an earlier install, kept when they are still well formed. */
function keptSecrets(previous) {
  const kept = {}
  const secret = (value) => (typeof value === 'string' && /^[0-9a-f]{64}$/.test(value) ? value : undefined)
  kept.SESSION_SECRET = secret(previous.SESSION_SECRET)
  kept.EDGE_SECRET = secret(previous.EDGE_SECRET)
  kept.TURN_SECRET = secret(previous.TURN_SECRET)
  try {
    kept.DATABASE_PASSWORD = secret(decodeURIComponent(new URL(previous.DATABASE_URL ?? '').password))
  } catch {
    kept.DATABASE_PASSWORD = undefined
  }
  return kept
}

const template = (path) => readFileSync(join(here, path), 'utf8')

/**
 * /etc/hearth/hearth.env from the template, keeping an earlier file's secrets and the operator's own lines: those
 * below the "Yours" line, and any variable of theirs found above it (it moves below).
 */
function renderEnv(plan, previousText, newSecret) {
  const previous = previousText ? parseEnvFile(previousText) : {}
  const kept = keptSecrets(previous)
  const secrets = {
    SESSION_SECRET: kept.SESSION_SECRET ?? newSecret(),
    EDGE_SECRET: kept.EDGE_SECRET ?? newSecret(),
    TURN_SECRET: kept.TURN_SECRET ?? newSecret(),
    DATABASE_PASSWORD: kept.DATABASE_PASSWORD ?? newSecret(),
  }
  const filled = fillTemplate(template('hearth.env.example'), {
    ...secrets,
    DOMAIN: plan.domain,
    EDGE1_HOST: plan.edges[0].host,
    PUBLIC_IP: plan.publicIp,
    MEDIASOUP_WORKER_BIN: plan.mediasoupWorkerBin,
    LOCAL_CA: plan.localCa,
  })
  const at = filled.indexOf(`${YOURS_MARKER}\n`)
  if (at < 0) throw new Error('deploy/hearth.env.example has lost its "Yours" line')
  const managed = filled.slice(0, at)
  if (!previousText) return { content: filled, secrets }

  // Every variable the template may write, whatever its sections (NODE_EXTRA_CA_CERTS after --local-ca is dropped).
  const managedKeys = new Set(Object.keys(parseEnvFile(template('hearth.env.example').split(YOURS_MARKER)[0])))
  const previousAt = previousText.indexOf(`${YOURS_MARKER}\n`)
  const above = previousAt < 0 ? previousText : previousText.slice(0, previousAt)
  const yours = previousAt < 0 ? '' : previousText.slice(previousAt + YOURS_MARKER.length + 1)
  const moved = above
    .split('\n')
    .filter((line) => {
      const key = /^\s*([A-Za-z_][A-Za-z0-9_]*)=/.exec(line)?.[1]
      return key !== undefined && !managedKeys.has(key)
    })
    .map((line) => `${line}\n`)
    .join('')
  return { content: `${managed}${YOURS_MARKER}\n${moved}${yours}`, secrets }
}

/**
 * Every file the installer writes, with its path on the server, content and mode (and group, when a service
 * user other than root must read it). Rendering twice with the first result as `previousEnv` gives the same files.
 * @param {ReturnType<typeof planInstall>} plan
 * @param {{ previousEnv?: string | null, newSecret?: () => string }} [options]
 */
export function renderInstall(plan, { previousEnv = null, newSecret = randomSecret } = {}) {
  const env = renderEnv(plan, previousEnv, newSecret)
  /** @type {Array<{ path: string, content: string, mode: number, group?: string }>} */
  const files = [
    { path: PATHS.env, content: env.content, mode: 0o600 },
    ...plan.edges.map((edge) => ({
      path: `${PATHS.config}/edge-${edge.index}.env`,
      content: fillTemplate(template('edge.env.example'), {
        EDGE: edge.index,
        EDGE_HOST: edge.host,
        EDGE_PORT: edge.port,
        RTC_MIN_PORT: edge.rtcMin,
        RTC_MAX_PORT: edge.rtcMax,
        MEDIA_WORKERS: edge.workers,
        METRICS_PORT: edge.metricsPort,
      }),
      mode: 0o600,
    })),
    ...plan.webPorts.map((port, i) => ({
      path: `${PATHS.config}/web-${port}.env`,
      content: `# hearth-web@${port}'s own settings, read after ${PATHS.env}. Written by scripts/install-server.mjs.\nMETRICS_PORT=${WEB_METRICS_FIRST_PORT + i}\n`,
      mode: 0o644,
    })),
    {
      // Prometheus's file_sd format: a scrape job with `file_sd_configs: [{ files: [this file] }]` finds every process.
      path: `${PATHS.config}/prometheus-targets.json`,
      content: `${JSON.stringify(
        [
          {
            targets: plan.webPorts.map((_, i) => `127.0.0.1:${WEB_METRICS_FIRST_PORT + i}`),
            labels: { job: 'hearth-web' },
          },
          { targets: plan.edges.map((edge) => `127.0.0.1:${edge.metricsPort}`), labels: { job: 'hearth-edge' } },
        ],
        null,
        2,
      )}\n`,
      mode: 0o644,
    },
    {
      path: PATHS.nginxSite,
      content: fillTemplate(template('nginx/hearth.conf'), {
        DOMAIN: plan.domain,
        EDGE_HOSTS: plan.edges.map((edge) => ` ${edge.host}`).join(''),
        WEB: plan.webPorts.map((port) => ({ WEB_PORT: port })),
        EDGES: plan.edges.map((edge) => ({ EDGE: edge.index, EDGE_HOST: edge.host, EDGE_PORT: edge.port })),
      }),
      mode: 0o644,
    },
    {
      path: PATHS.turnConfig,
      content: fillTemplate(template('coturn/turnserver.conf'), {
        DOMAIN: plan.domain,
        TURN_SECRET: env.secrets.TURN_SECRET,
        PUBLIC_IP: plan.publicIp,
        // Behind 1:1 NAT coturn must know both: it announces the public address for relays bound to the local one.
        TURN_EXTERNAL_IP: plan.localIp ? `${plan.publicIp}/${plan.localIp}` : plan.publicIp,
      }),
      // It holds the TURN secret: root and coturn's group only.
      mode: 0o640,
      group: 'turnserver',
    },
    {
      path: PATHS.coturnDefault,
      content:
        '# Written by scripts/install-server.mjs: coturn runs as a service, with /etc/turnserver.conf.\nTURNSERVER_ENABLED=1\n',
      mode: 0o644,
    },
    { path: `${PATHS.units}/hearth-web@.service`, content: template('systemd/hearth-web@.service'), mode: 0o644 },
    { path: `${PATHS.units}/hearth-edge@.service`, content: template('systemd/hearth-edge@.service'), mode: 0o644 },
    ...(plan.localCa
      ? []
      : [{ path: PATHS.certbotHook, content: template('certbot/hearth-deploy-hook.sh'), mode: 0o755 }]),
  ]
  return { files, secrets: env.secrets }
}
