// The one-box install (scripts/install-server.mjs and deploy/): the installer's dry run renders every file into a
// temporary root, and each file is checked by what will read it on the server: systemd-analyze for the units, nginx
// for the site (nginx -t, then a real nginx on free ports in front of stand-in web processes and edges), coturn for
// its configuration (started, then asked for relays with the edge's own credentials), and the web app's and the
// edge's own schemas for the environment files. Nothing here touches the machine's configuration or its ports.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { connect as tlsConnect } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_BODY_LIMIT } from '#app/lib/http/form-body.server'
import { MEDIA_BODY_LIMIT } from '#app/lib/media/media-rules'
import { MESSAGE_BODY_LIMIT } from '#app/lib/messages/message-form.server'
import { parseEnv } from '#app/lib/platform/env.server'
import { parseEdgeEnv } from '#edge/env'
import { turnCredentials } from '#edge/turn'
import { YOURS_MARKER, parseEnvFile, planInstall } from '../../../deploy/render.mjs'
import { TurnClient } from './turn-client'

const DOMAIN = 'community.example.org'
const PUBLIC_IP = '203.0.113.10'
const NGINX = '/usr/sbin/nginx'
const TURNSERVER = '/usr/bin/turnserver'
const UNITS = ['hearth-web@.service', 'hearth-edge@.service']

const scratch = mkdtempSync(join(tmpdir(), 'hearth-deploy-test-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** The installer's dry run into `root`; its printed steps. */
function install(root: string, extra: string[] = []) {
  return execFileSync(
    process.execPath,
    [
      'scripts/install-server.mjs',
      ...['--domain', DOMAIN, '--email', 'ops@example.org', '--public-ip', PUBLIC_IP, '--local-ip', '10.0.0.5'],
      ...['--web', '2', '--edges', '2', '--dry-run', '--root', root],
      ...extra,
    ],
    { encoding: 'utf8' },
  )
}

/** Every file under root: its content and mode, by path. */
function snapshot(root: string) {
  const files: Record<string, { content: string; mode: string }> = {}
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    files[`/${relative(root, path)}`] = {
      content: readFileSync(path, 'utf8'),
      mode: (statSync(path).mode & 0o7777).toString(8),
    }
  }
  return files
}

/** text.replace that fails when the template no longer has what the test rewrites (else it would test nothing). */
function rewrite(text: string, from: string | RegExp, to: string) {
  const pattern = typeof from === 'string' ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') : from
  if (!pattern.test(text)) throw new Error(`the rendered file no longer contains ${from}`)
  return text.replace(pattern, to)
}

async function freePort(): Promise<number> {
  const server = createNetServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** A self-signed certificate for the domain and its edges, as the installer's stand-in (or the local CA) gives. */
function certificate(directory: string) {
  const names = [DOMAIN, `edge1.${DOMAIN}`, `edge2.${DOMAIN}`].map((name) => `DNS:${name}`).join(',')
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2'],
      ...['-keyout', join(directory, 'key.pem'), '-out', join(directory, 'cert.pem'), '-subj', `/CN=${DOMAIN}`],
      ...['-addext', `subjectAltName=${names}`],
    ],
    { stdio: 'ignore' },
  )
  return { cert: join(directory, 'cert.pem'), key: join(directory, 'key.pem') }
}

/** coturn's `name=value` lines (names with dashes, which an environment file has not). */
const turnSettings = (text: string) =>
  Object.fromEntries([...text.matchAll(/^([a-z-]+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]))

function requireNginx() {
  if (!existsSync(NGINX))
    throw new Error(`${NGINX} is missing: node scripts/ensure-deps.mjs --browser installs it (npm test runs that)`)
}

const root = join(scratch, 'root')
let firstRun = ''
let secondRun = ''
let first: ReturnType<typeof snapshot>
let second: ReturnType<typeof snapshot>
const rendered = (path: string) => readFileSync(join(root, path), 'utf8')

beforeAll(() => {
  firstRun = install(root)
  first = snapshot(root)
  secondRun = install(root)
  second = snapshot(root)
})

describe('the installer’s dry run', () => {
  it('renders every file, filled in, with its mode', () => {
    expect(Object.keys(first).sort()).toEqual([
      '/etc/default/coturn',
      '/etc/hearth/edge-1.env',
      '/etc/hearth/edge-2.env',
      '/etc/hearth/hearth.env',
      '/etc/hearth/prometheus-targets.json',
      '/etc/hearth/web-3000.env',
      '/etc/hearth/web-3002.env',
      '/etc/letsencrypt/renewal-hooks/deploy/hearth',
      '/etc/nginx/sites-available/hearth.conf',
      '/etc/systemd/system/hearth-edge@.service',
      '/etc/systemd/system/hearth-web@.service',
      '/etc/turnserver.conf',
    ])
    for (const [path, file] of Object.entries(first)) expect(file.content, path).not.toMatch(/\{\{[#/]?[A-Z0-9_]+\}\}/)
    // The secrets: root only, and coturn's group for its own.
    expect(first['/etc/hearth/hearth.env']!.mode).toBe('600')
    expect(first['/etc/hearth/edge-1.env']!.mode).toBe('600')
    expect(first['/etc/turnserver.conf']!.mode).toBe('640')
    // Each process its own metrics port on loopback, and one file that names them all for Prometheus.
    expect(first['/etc/hearth/web-3002.env']!.content).toMatch(/^METRICS_PORT=9102$/m)
    expect(first['/etc/hearth/edge-2.env']!.content).toMatch(/^METRICS_PORT=9202$/m)
    expect(JSON.parse(first['/etc/hearth/prometheus-targets.json']!.content)).toEqual([
      { targets: ['127.0.0.1:9101', '127.0.0.1:9102'], labels: { job: 'hearth-web' } },
      { targets: ['127.0.0.1:9201', '127.0.0.1:9202'], labels: { job: 'hearth-edge' } },
    ])
    expect(first['/etc/letsencrypt/renewal-hooks/deploy/hearth']!.mode).toBe('755')
    expect(readFileSync(join(root, 'etc/nginx/sites-enabled/hearth.conf'), 'utf8')).toBe(
      first['/etc/nginx/sites-available/hearth.conf']!.content,
    )
    // Under --dry-run nothing runs: every command is only printed, and the secrets are not.
    expect(firstRun).toMatch(/would run: apt-get install .*nginx coturn mariadb-server redis-server ffmpeg/)
    expect(firstRun).toMatch(
      /would run: systemctl restart hearth-web@3000\n.*would run: systemctl restart hearth-web@3002/,
    )
    expect(firstRun).not.toMatch(/^\s+\$ /m)
    const env = parseEnvFile(first['/etc/hearth/hearth.env']!.content)
    for (const secret of [env.SESSION_SECRET, env.EDGE_SECRET, env.TURN_SECRET]) expect(firstRun).not.toContain(secret)
    expect(firstRun).not.toContain(new URL(env.DATABASE_URL!).password)
  })

  it('runs again without changing a file or a secret', () => {
    expect(second).toEqual(first)
    expect(secondRun).not.toMatch(/^\s+wrote /m)
    for (const path of Object.keys(first)) expect(secondRun).toContain(`unchanged ${path}`)
  })

  it('keeps the operator’s own settings, below the Yours line, and moves a stray one there', () => {
    const copy = join(scratch, 'operator')
    cpSync(root, copy, { recursive: true })
    const path = join(copy, 'etc/hearth/hearth.env')
    const before = readFileSync(path, 'utf8')
    writeFileSync(
      path,
      before.replace('NODE_ENV=production\n', 'NODE_ENV=production\nLOG_LEVEL=debug\n') +
        'SMTP_URL=smtp://mailer:secret@smtp.example.org:587\n',
    )
    install(copy)
    const after = readFileSync(path, 'utf8')
    const [managed, yours] = after.split(`${YOURS_MARKER}\n`)
    expect(managed).not.toContain('LOG_LEVEL')
    expect(yours).toContain('LOG_LEVEL=debug\n')
    expect(yours).toContain('SMTP_URL=smtp://mailer:secret@smtp.example.org:587\n')
    expect(yours).toContain(`MAIL_FROM=Hearth <no-reply@${DOMAIN}>`)
    const [old, now] = [parseEnvFile(before), parseEnvFile(after)]
    for (const key of ['SESSION_SECRET', 'EDGE_SECRET', 'TURN_SECRET', 'DATABASE_URL'])
      expect(now[key], key).toBe(old[key])
    // Once there, it stays put: a further run changes nothing.
    install(copy)
    expect(readFileSync(path, 'utf8')).toBe(after)
  })

  it('with --local-ca, makes a CA and a certificate for every host, which the web app trusts; without, no trace', () => {
    const local = join(scratch, 'local-ca')
    const output = install(local, ['--local-ca'])
    expect(output).not.toMatch(/certbot/)
    expect(output).toContain('Local CA: /etc/hearth/ca.pem')
    expect(existsSync(join(local, 'etc/letsencrypt'))).toBe(false)
    const envPath = join(local, 'etc/hearth/hearth.env')
    const before = readFileSync(envPath, 'utf8')
    expect(before.split(YOURS_MARKER)[0]).toMatch(/^NODE_EXTRA_CA_CERTS=\/etc\/hearth\/ca\.pem$/m)
    expect(parseEnv(parseEnvFile(before)).isProduction).toBe(true)
    // The openssl commands it prints, run in a scratch directory: a CA, and a certificate it signed for every host.
    const tls = mkdtempSync(join(scratch, 'local-ca-tls-'))
    const commands = [...output.matchAll(/would run: (openssl .*)$/gm)].map((match) => match[1]!)
    expect(commands).toHaveLength(3)
    for (const command of commands)
      execFileSync(
        'sh',
        ['-c', command.replaceAll('/etc/hearth/ca/', `${tls}/`).replaceAll('/tmp/hearth-tls/', `${tls}/`)],
        {
          stdio: 'ignore',
        },
      )
    const ca = new X509Certificate(readFileSync(join(tls, 'ca.crt')))
    const certificate = new X509Certificate(readFileSync(join(tls, 'cert.pem')))
    expect(ca.ca).toBe(true)
    expect(certificate.ca).toBe(false)
    expect(certificate.checkIssued(ca)).toBe(true)
    expect(certificate.verify(ca.publicKey)).toBe(true)
    expect(certificate.subjectAltName).toBe(`DNS:${DOMAIN}, DNS:edge1.${DOMAIN}, DNS:edge2.${DOMAIN}`)
    expect(certificate.keyUsage).toContain('1.3.6.1.5.5.7.3.1') // serverAuth
    // Back to Let's Encrypt: the CA's variable goes (it is not kept as if it were the operator's), the secrets stay.
    install(local)
    const after = readFileSync(envPath, 'utf8')
    expect(after).not.toContain('NODE_EXTRA_CA_CERTS')
    expect(parseEnvFile(after).SESSION_SECRET).toBe(parseEnvFile(before).SESSION_SECRET)
  })

  it('gives the web app and every edge an environment their own schemas accept', () => {
    const shared = parseEnvFile(rendered('etc/hearth/hearth.env'))
    const web = parseEnv({ ...shared, PORT: '3000' })
    expect(web.isProduction).toBe(true)
    expect(web.PUBLIC_URL).toBe(`https://${DOMAIN}`)
    expect(web.DATABASE_URL).toMatch(/^mysql:\/\/hearth:[0-9a-f]{64}@127\.0\.0\.1:3306\/hearth$/)
    expect(web.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/)
    expect(web.SESSION_SECRET).not.toBe(web.EDGE_SECRET)
    expect(web.EDGE_PUBLIC_URL).toBe(`https://edge1.${DOMAIN}`)
    expect(web.MAIL_FROM).toBe(`Hearth <no-reply@${DOMAIN}>`)
    const turnConfig = turnSettings(rendered('etc/turnserver.conf'))
    const ports = new Set<number>()
    for (const index of [1, 2]) {
      const edge = parseEdgeEnv({ ...shared, ...parseEnvFile(rendered(`etc/hearth/edge-${index}.env`)) })
      expect(edge.isProduction).toBe(true)
      expect(edge.EDGE_SECRET).toBe(web.EDGE_SECRET)
      expect(edge.EDGE_PUBLIC_URL).toBe(`https://edge${index}.${DOMAIN}`)
      expect(edge.PUBLIC_URL).toBe(web.PUBLIC_URL)
      expect(edge.MEDIA_DIR).toBe(web.MEDIA_DIR)
      expect(edge.RTC_LISTEN_IP).toBe('0.0.0.0')
      expect(edge.RTC_ANNOUNCED_IP).toBe(PUBLIC_IP)
      expect(edge.turnUrls).toEqual([
        `turn:${DOMAIN}:3478?transport=udp`,
        `turn:${DOMAIN}:3478?transport=tcp`,
        `turns:${DOMAIN}:5349?transport=tcp`,
      ])
      // coturn checks the edge's credentials with the same secret.
      expect(edge.TURN_SECRET).toBe(turnConfig['static-auth-secret'])
      // Edges on one host share no port, and their media ports stay below coturn's relay ports.
      for (let port = edge.RTC_MIN_PORT; port <= edge.RTC_MAX_PORT; port++) {
        expect(ports.has(port)).toBe(false)
        ports.add(port)
      }
      expect(edge.RTC_MAX_PORT).toBeLessThan(Number(turnConfig['min-port']))
      expect([3000, 3002]).not.toContain(edge.EDGE_PORT)
    }
  })

  it('refuses options it cannot honour, saying why', () => {
    const plan = { domain: DOMAIN, email: 'ops@example.org', publicIp: PUBLIC_IP, mediasoupVersion: '3.19.3' }
    expect(() => planInstall({ ...plan, edges: 5 })).toThrow(/--edges: 1 to 4/)
    expect(() => planInstall({ ...plan, domain: 'not a domain' })).toThrow(/--domain/)
    expect(() => planInstall({ ...plan, email: undefined })).toThrow(/--email/)
    expect(() => planInstall({ ...plan, email: undefined, localCa: true })).not.toThrow()
    expect(() => planInstall({ ...plan, mediasoupVersion: '^3.19.3' })).toThrow(/exact/)
    const refused = spawnSync(process.execPath, ['scripts/install-server.mjs', '--domain', DOMAIN, '--root', scratch], {
      encoding: 'utf8',
    })
    expect(refused.status).toBe(1)
    expect(refused.stderr).toContain('--root is for --dry-run only')
  })
})

describe('the systemd units', () => {
  const units = join(scratch, 'units')
  beforeAll(() => {
    mkdirSync(units, { recursive: true })
    for (const unit of UNITS) cpSync(join(root, 'etc/systemd/system', unit), join(units, unit))
  })
  // Instances, as systemd loads them: the template file beside them is what is read.
  const verify = (...names: string[]) =>
    spawnSync('systemd-analyze', ['verify', ...names.map((name) => join(units, name))], { encoding: 'utf8' })

  it('pass systemd-analyze verify without a word', () => {
    const result = verify('hearth-web@3000.service', 'hearth-edge@1.service')
    expect(result.stderr + result.stdout).toBe('')
    expect(result.status).toBe(0)
    // The check sees a unit's mistakes: the same unit with a misspelt setting does not pass.
    const broken = join(units, 'broken@.service')
    writeFileSync(broken, readFileSync(join(units, 'hearth-web@.service'), 'utf8').replace(/^KillMode=/m, 'KilMode='))
    expect(verify('broken@3000.service').stderr).toMatch(/Unknown key 'KilMode'/)
    rmSync(broken)
  })

  it('are hardened: systemd-analyze security rates their exposure under 2 of 10', () => {
    for (const unit of ['hearth-web@3000.service', 'hearth-edge@1.service']) {
      const result = spawnSync('systemd-analyze', ['security', '--offline=yes', '--threshold=20', join(units, unit)], {
        encoding: 'utf8',
      })
      expect(result.status, `${unit}:\n${result.stdout.split('\n').slice(-2).join('\n')}`).toBe(0)
    }
  })

  it('stop gracefully: SIGTERM to the process itself first, time for it to drain, no W^X ban on the JIT', () => {
    for (const unit of UNITS) {
      const text = rendered(`etc/systemd/system/${unit}`)
      const settings = parseEnvFile(text)
      expect(settings.KillSignal, unit).toBe('SIGTERM')
      expect(settings.KillMode, unit).toBe('mixed')
      expect(settings.User, unit).toBe('hearth')
      expect(settings.ExecStart, unit).toMatch(/^\/usr\/bin\/node /)
      expect(settings.ReadWritePaths, unit).toBe('/var/lib/hearth')
      expect(text, unit).not.toMatch(/^MemoryDenyWriteExecute=/m)
    }
    // The edge gives its drain 10 s (media-edge/main.ts) before it exits by itself: systemd must wait longer.
    expect(readFileSync('media-edge/main.ts', 'utf8')).toMatch(/setTimeout\(\(\) => process\.exit\(1\), 10_000\)/)
    expect(parseInt(parseEnvFile(rendered('etc/systemd/system/hearth-edge@.service')).TimeoutStopSec!)).toBeGreaterThan(
      10,
    )
    expect(parseEnvFile(rendered('etc/systemd/system/hearth-edge@.service')).ExecStart).toBe(
      '/usr/bin/node --import tsx media-edge/main.ts',
    )
  })
})

describe('the nginx site', () => {
  const site = () => rendered('etc/nginx/sites-available/hearth.conf')

  /** A main nginx.conf for `site` with everything nginx writes under `directory`. */
  function mainConfig(directory: string, siteText: string) {
    writeFileSync(join(directory, 'site.conf'), siteText)
    const main = join(directory, 'nginx.conf')
    writeFileSync(
      main,
      [
        // As root, nginx's workers would become nobody, who may not read the test's private directory.
        process.getuid?.() === 0 ? 'user root;' : '',
        `pid ${directory}/nginx.pid;`,
        `error_log ${directory}/error.log info;`,
        'worker_processes 1;',
        'events {}',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  access_log off;',
        // Debian's nginx keeps request bodies and buffered answers under /var/lib/nginx: here, in the test's directory.
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path ${directory}/${kind};`,
        ),
        `  include ${directory}/site.conf;`,
        '}',
      ].join('\n'),
    )
    return main
  }

  it('passes nginx -t, without a warning', () => {
    requireNginx()
    const directory = mkdtempSync(join(scratch, 'nginx-t-'))
    const { cert, key } = certificate(directory)
    let text = rewrite(site(), '/etc/hearth/tls/fullchain.pem', cert)
    text = rewrite(text, '/etc/hearth/tls/privkey.pem', key)
    const result = spawnSync(NGINX, ['-t', '-c', mainConfig(directory, text), '-p', directory, '-e', 'stderr'], {
      encoding: 'utf8',
    })
    expect(result.stderr).toContain('test is successful')
    expect(result.stderr).not.toMatch(/\[(warn|emerg|alert|crit)\]/)
    expect(result.status).toBe(0)
  })

  it('lets each route take the body the app accepts, and the same routes as server.js', () => {
    const text = site()
    const limit = (size: string) => Number(/^(\d+)m$/.exec(size)![1]) * 1024 * 1024
    // The server block's own (four spaces in), which every location without one of its own inherits.
    const serverLevel = /\n {4}client_max_body_size (\w+);/.exec(text)![1]!
    const location = (pattern: RegExp) => {
      const block = new RegExp(`location ~ "?(${pattern.source})"? \\{([^}]*)\\}`).exec(text)
      if (!block) throw new Error(`no location for ${pattern}`)
      return { regex: new RegExp(block[1]!), size: /client_max_body_size (\w+);/.exec(block[2]!)?.[1] }
    }
    const media = location(/\^\/\[\^\/\]\+\/media[^ "]*/)
    const messages = location(/\^\(\/\[\^\/\]\+\/messages[^ "]*/)
    const live = location(/\^\/\[\^\/\]\+\/\(feed[^ "]*/)
    // Large enough for what the app itself accepts there (it answers a larger body with its own page)…
    expect(limit(serverLevel)).toBeGreaterThanOrEqual(UPLOAD_BODY_LIMIT)
    expect(limit(media.size!)).toBeGreaterThanOrEqual(MEDIA_BODY_LIMIT)
    expect(limit(messages.size!)).toBeGreaterThanOrEqual(MESSAGE_BODY_LIMIT)
    // …and no larger than the next megabyte: nginx keeps bigger bodies off the app altogether.
    expect(limit(serverLevel) - UPLOAD_BODY_LIMIT).toBeLessThan(1024 * 1024)
    expect(limit(media.size!) - MEDIA_BODY_LIMIT).toBeLessThan(1024 * 1024)
    expect(limit(messages.size!) - MESSAGE_BODY_LIMIT).toBeLessThan(1024 * 1024)
    // The paths server.js gives those limits (its isMediaUpload and isMessageForm), and its live streams.
    const id = 'a'.repeat(36)
    for (const path of ['/demo/media', '/demo/media/', '/demo/media/upload', '/demo/media/upload/'])
      expect(media.regex.test(path), path).toBe(true)
    for (const path of ['/demo/media/x', '/demo/medias', '/demo/x/media'])
      expect(media.regex.test(path), path).toBe(false)
    for (const path of [
      '/demo/messages/new',
      `/demo/messages/${id}/`,
      '/demo/messages/reply/abc',
      '/resources/call-message',
    ])
      expect(messages.regex.test(path), path).toBe(true)
    for (const path of ['/demo/messages', '/demo/messages/live', `/demo/messages/${id}x`, '/demo/messages/new/x'])
      expect(messages.regex.test(path), path).toBe(false)
    for (const path of ['/demo/feed/live', '/demo/messages/live', '/demo/notifications/live'])
      expect(live.regex.test(path), path).toBe(true)
  })

  describe('in front of stand-in web processes and edges', () => {
    const directory = join(scratch, 'nginx-live')
    let nginx: ChildProcess | undefined
    const stubs: Server[] = []
    const ports = { http: 0, https: 0, deadWeb: 0, web: 0, edge: 0, deadEdge: 0 }
    const seen: Array<{ method: string; url: string; headers: IncomingHttpHeaders; bytes: number }> = []

    beforeAll(async () => {
      requireNginx()
      mkdirSync(directory, { recursive: true })
      for (const key of Object.keys(ports) as Array<keyof typeof ports>) ports[key] = await freePort()

      // A web process: streams for the live paths, an echo of what it was sent for the rest.
      const web = createServer((request, response) => {
        if (/\/(feed|notlive)\/live$/.test(request.url!)) {
          // No X-Accel-Buffering here (the app sends one): what is measured is nginx's own setting.
          response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
          response.write('data: 1\n\n')
          setTimeout(() => response.end(), 2500)
          return
        }
        if (request.url === '/demo/media/upload') {
          // Noted as soon as it arrives, its body read and dropped: the test hangs up before the rest is sent.
          seen.push({ method: request.method!, url: request.url, headers: request.headers, bytes: 0 })
          request.resume()
          return
        }
        let bytes = 0
        request.on('data', (chunk: Buffer) => (bytes += chunk.length))
        request.on('end', () => {
          seen.push({ method: request.method!, url: request.url!, headers: request.headers, bytes })
          response.end(JSON.stringify({ url: request.url, bytes, headers: request.headers }))
        })
      })
      // An edge: its health, and the WebSocket upgrade Socket.IO asks for.
      const edge = createServer((request, response) => response.end(request.url === '/healthz' ? 'ok' : 'other'))
      edge.on('upgrade', (request, socket) => {
        socket.end(
          `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `X-Seen-Connection: ${request.headers.connection}\r\n\r\n`,
        )
      })
      for (const [server, port] of [
        [web, ports.web],
        [edge, ports.edge],
      ] as const) {
        await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
        stubs.push(server)
      }

      for (const release of ['current', 'previous'])
        mkdirSync(join(directory, release, 'public/build'), { recursive: true })
      writeFileSync(join(directory, 'current/public/build/entry.client-NEW.js'), 'new();\n'.repeat(400))
      writeFileSync(join(directory, 'previous/public/build/entry.client-OLD.js'), 'old();\n')
      mkdirSync(join(directory, 'acme/.well-known/acme-challenge'), { recursive: true })
      writeFileSync(join(directory, 'acme/.well-known/acme-challenge/token'), 'token.key')

      const { cert, key } = certificate(directory)
      let text = site()
      text = rewrite(text, /^\s+listen \[::\].*\n/gm, '')
      text = rewrite(text, /listen 80\b/g, `listen 127.0.0.1:${ports.http}`)
      text = rewrite(text, /listen 443\b/g, `listen 127.0.0.1:${ports.https}`)
      text = rewrite(text, '/etc/hearth/tls/fullchain.pem', cert)
      text = rewrite(text, '/etc/hearth/tls/privkey.pem', key)
      text = rewrite(text, '/opt/hearth/current/public', join(directory, 'current/public'))
      text = rewrite(text, '/opt/hearth/previous/public', join(directory, 'previous/public'))
      text = rewrite(text, '/var/www/hearth-acme', join(directory, 'acme'))
      // The first web process is down (a refused connection), the second up; edge 2 is down.
      text = rewrite(text, 'server 127.0.0.1:3000 ', `server 127.0.0.1:${ports.deadWeb} `)
      text = rewrite(text, 'server 127.0.0.1:3002 ', `server 127.0.0.1:${ports.web} `)
      text = rewrite(text, 'proxy_pass http://127.0.0.1:3001;', `proxy_pass http://127.0.0.1:${ports.edge};`)
      text = rewrite(text, 'proxy_pass http://127.0.0.1:3003;', `proxy_pass http://127.0.0.1:${ports.deadEdge};`)
      const main = mainConfig(directory, text)
      nginx = spawn(NGINX, ['-c', main, '-p', directory, '-e', join(directory, 'error.log'), '-g', 'daemon off;'], {
        stdio: 'ignore',
      })
      const deadline = Date.now() + 5000
      while (Date.now() < deadline) {
        const answered = await get('http', '/.well-known/acme-challenge/token').then(
          () => true,
          () => false,
        )
        if (answered) return
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error(`nginx did not start:\n${readFileSync(join(directory, 'error.log'), 'utf8')}`)
    })

    afterAll(async () => {
      if (nginx?.exitCode === null) {
        const exited = new Promise((resolve) => nginx!.once('exit', resolve))
        nginx.kill('SIGTERM')
        await exited
      }
      await Promise.all(stubs.map((server) => new Promise((resolve) => server.close(resolve))))
    })

    type Answer = { status: number; headers: IncomingHttpHeaders; body: string; firstByteMs: number }
    /** One request to nginx; `host` is both the name asked for (SNI) and the Host header. */
    function get(
      scheme: 'http' | 'https',
      path: string,
      options: { host?: string; method?: string; headers?: Record<string, string | number>; body?: Buffer } = {},
    ): Promise<Answer> {
      const host = options.host ?? DOMAIN
      const started = performance.now()
      return new Promise((resolve, reject) => {
        const request = (scheme === 'https' ? httpsRequest : (httpRequest as typeof httpsRequest))(
          {
            host: '127.0.0.1',
            port: scheme === 'https' ? ports.https : ports.http,
            servername: host,
            rejectUnauthorized: false,
            method: options.method ?? 'GET',
            path,
            headers: { host, ...options.headers },
          },
          (response) => {
            let body = ''
            let firstByteMs = -1
            response.setEncoding('utf8')
            response.on('data', (chunk: string) => {
              if (firstByteMs < 0) firstByteMs = performance.now() - started
              body += chunk
            })
            response.on('end', () =>
              resolve({ status: response.statusCode!, headers: response.headers, body, firstByteMs }),
            )
          },
        )
        request.on('error', reject)
        request.end(options.body)
      })
    }

    it('sends http to https, but answers certbot’s challenge itself', async () => {
      const redirect = await get('http', '/demo?x=1')
      expect(redirect.status).toBe(301)
      expect(redirect.headers.location).toBe(`https://${DOMAIN}/demo?x=1`)
      const edge = await get('http', '/socket.io/', { host: `edge1.${DOMAIN}` })
      expect(edge.headers.location).toBe(`https://edge1.${DOMAIN}/socket.io/`)
      const challenge = await get('http', '/.well-known/acme-challenge/token')
      expect(challenge.status).toBe(200)
      expect(challenge.body).toBe('token.key')
    })

    it('refuses a name it does not serve, without a certificate', async () => {
      const handshake = await new Promise<string>((resolve) => {
        const socket = tlsConnect({
          host: '127.0.0.1',
          port: ports.https,
          servername: 'other.example.net',
          rejectUnauthorized: false,
        })
        socket.on('secureConnect', () => {
          socket.destroy()
          resolve('accepted')
        })
        socket.on('error', (error) => resolve(error.message))
      })
      expect(handshake).toMatch(/unrecognized name/i)
    })

    it('tells the app the client’s address (never one the client claims), https, the host and its request id', async () => {
      const answer = await get('https', '/demo/feed', {
        headers: { 'x-forwarded-for': '198.51.100.7', 'x-request-id': 'client-chosen-id-0001' },
      })
      expect(answer.status).toBe(200)
      const { headers } = JSON.parse(answer.body) as { headers: IncomingHttpHeaders }
      expect(headers['x-forwarded-for']).toBe('127.0.0.1')
      expect(headers['x-forwarded-proto']).toBe('https')
      expect(headers['x-forwarded-host']).toBe(DOMAIN)
      expect(headers.host).toBe(DOMAIN)
      // nginx's own $request_id (32 hex digits), never the client's: the app keeps it as the request's id.
      expect(headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/)
    })

    it('tries the next web process when one refuses the connection, a POST included', async () => {
      for (let i = 0; i < 4; i++) {
        const answer = await get('https', '/demo/posts', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: Buffer.from(`intent=post&n=${i}`),
        })
        expect(answer.status).toBe(200)
        expect(JSON.parse(answer.body).bytes).toBe(`intent=post&n=${i}`.length)
      }
      // The refused one was tried (and its refusal retried), not merely skipped.
      expect(readFileSync(join(directory, 'error.log'), 'utf8')).toMatch(
        /Connection refused\) while connecting to upstream/,
      )
    })

    it('serves the build’s assets immutable and compressed, the previous release’s too', async () => {
      const current = await get('https', '/build/entry.client-NEW.js', { headers: { 'accept-encoding': 'gzip' } })
      expect(current.status).toBe(200)
      expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(current.headers['content-encoding']).toBe('gzip')
      const previous = await get('https', '/build/entry.client-OLD.js')
      expect(previous.status).toBe(200)
      expect(previous.body).toBe('old();\n')
      expect(previous.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const missing = await get('https', '/build/entry.client-GONE.js')
      expect(missing.status).toBe(404)
      // A missing asset must not be remembered as missing for a year.
      expect(missing.headers['cache-control']).toBeUndefined()
    })

    it('passes live events on as they are written, where other answers are buffered', async () => {
      const live = await get('https', '/demo/feed/live')
      expect(live.status).toBe(200)
      expect(live.body).toBe('data: 1\n\n')
      expect(live.firstByteMs).toBeLessThan(1500)
      // The same stream on an ordinary path waits in nginx's buffer until it ends (2.5 s): what the live paths avoid.
      const buffered = await get('https', '/demo/notlive/live')
      expect(buffered.firstByteMs).toBeGreaterThan(2000)
    })

    it('refuses a body over a route’s limit itself, and streams a large upload to the media route', async () => {
      const form = await get('https', '/demo/settings', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: Buffer.alloc(UPLOAD_BODY_LIMIT),
      })
      expect(form.status).toBe(200)
      expect(JSON.parse(form.body).bytes).toBe(UPLOAD_BODY_LIMIT)
      // Declared larger than anything that route takes: refused before a byte of it is read.
      const tooLarge = await get('https', '/demo/settings', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': MESSAGE_BODY_LIMIT },
      }).catch((error: Error) => ({ status: 0, body: error.message }))
      expect(tooLarge.status).toBe(413)
      const message = await get('https', '/demo/messages/new', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: Buffer.alloc(MESSAGE_BODY_LIMIT),
      })
      expect(message.status).toBe(200)
      expect(JSON.parse(message.body).bytes).toBe(MESSAGE_BODY_LIMIT)
      // A batch of videos: the app sees the request while the body is still on its way (it is not spooled first):
      // a megabyte of a gigabyte declared is sent, and the web process has the request before the client hangs up.
      const upload = httpsRequest({
        host: '127.0.0.1',
        port: ports.https,
        servername: DOMAIN,
        rejectUnauthorized: false,
        method: 'POST',
        path: '/demo/media/upload',
        headers: {
          host: DOMAIN,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': MEDIA_BODY_LIMIT,
        },
      })
      upload.on('error', () => undefined)
      upload.write(Buffer.alloc(1024 * 1024))
      const arrived = () => seen.find((entry) => entry.url === '/demo/media/upload')
      await expect.poll(() => arrived() !== undefined, { timeout: 10_000 }).toBe(true)
      upload.destroy()
      expect(arrived()?.headers['content-length']).toBe(String(MEDIA_BODY_LIMIT))
    })

    it('passes an edge’s WebSocket upgrade to that edge, and answers 502 for an edge that is down', async () => {
      const upgraded = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
        const request = httpsRequest({
          host: '127.0.0.1',
          port: ports.https,
          servername: `edge1.${DOMAIN}`,
          rejectUnauthorized: false,
          path: '/socket.io/?EIO=4&transport=websocket',
          headers: {
            host: `edge1.${DOMAIN}`,
            connection: 'Upgrade',
            upgrade: 'websocket',
            'sec-websocket-version': '13',
            'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          },
        })
        request.on('upgrade', (response, socket) => {
          socket.destroy()
          resolve(response.headers)
        })
        request.on('response', (response) => reject(new Error(`no upgrade: ${response.statusCode}`)))
        request.on('error', reject)
        request.end()
      })
      expect(upgraded.upgrade).toBe('websocket')
      expect(upgraded['x-seen-connection']).toBe('upgrade')
      const health = await get('https', '/healthz', { host: `edge1.${DOMAIN}` })
      expect(health.body).toBe('ok')
      // What the web app's probe (media-edge/contract/edge-probe.ts) reads as "gone": its meetings can move.
      const down = await get('https', '/healthz', { host: `edge2.${DOMAIN}` })
      expect(down.status).toBe(502)
    })
  })
})

describe('coturn’s configuration', () => {
  const config = () => rendered('etc/turnserver.conf')

  /** An address as its family and number (coturn compares an address with the ranges of its own family). */
  function address(ip: string): { family: 4 | 6; value: bigint } {
    const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip)
    if (v4) return { family: 4, value: v4.slice(1).reduce((sum, octet) => (sum << 8n) + BigInt(octet), 0n) }
    // An IPv4-mapped address (::ffff:a.b.c.d): its last 32 bits as two groups.
    const text = ip.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
      [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((group) => group.toString(16)).join(':'),
    )
    const [head, tail] = text.split('::') as [string, string | undefined]
    const left = head ? head.split(':') : []
    const right = tail ? tail.split(':') : []
    const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    return { family: 6, value: groups.reduce((sum, group) => (sum << 16n) + BigInt(parseInt(group, 16)), 0n) }
  }
  const denied = (ip: string) => {
    const peer = address(ip)
    return [...config().matchAll(/^denied-peer-ip=(.+)$/gm)].some((match) => {
      const [low, high = low] = match[1]!.split('-') as [string, string?]
      const [from, to] = [address(low), address(high)]
      return from.family === peer.family && from.value <= peer.value && peer.value <= to.value
    })
  }

  it('denies relays to loopback, private, link-local (metadata) and other non-public networks', () => {
    for (const ip of [
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.10',
      '224.0.0.1',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
    ])
      expect(denied(ip), ip).toBe(true)
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2001:4860:4860::8888']) expect(denied(ip), ip).toBe(false)
    const text = config()
    // coturn reads a range from "::" as "any address" (it would refuse every peer): tested against coturn below.
    expect(text).not.toMatch(/^denied-peer-ip=::-/m)
    expect(text).toMatch(/^allowed-peer-ip=203\.0\.113\.10$/m)
    for (const line of ['use-auth-secret', 'no-cli', 'no-multicast-peers', 'fingerprint', 'syslog', `realm=${DOMAIN}`])
      expect(text).toMatch(new RegExp(`^${line}$`, 'm'))
    expect(text).toMatch(/^user-quota=\d+$/m)
    expect(text).toMatch(/^total-quota=\d+$/m)
    expect(text).toMatch(/^static-auth-secret=[0-9a-f]{64}$/m)
    expect(text).toMatch(/^external-ip=203\.0\.113\.10\/10\.0\.0\.5$/m)
  })

  it('starts coturn with it, which takes the edge’s credentials and relays to no private address', async () => {
    if (!existsSync(TURNSERVER))
      throw new Error(
        `${TURNSERVER} is missing: node scripts/ensure-deps.mjs --browser installs it (npm test runs that)`,
      )
    const directory = mkdtempSync(join(scratch, 'coturn-'))
    const { cert, key } = certificate(directory)
    const [port, tlsPort, relayPort] = [await freePort(), await freePort(), await freePort()]
    let text = config()
    text = rewrite(text, /^listening-port=.*$/m, `listening-port=${port}`)
    text = rewrite(text, /^tls-listening-port=.*$/m, `tls-listening-port=${tlsPort}`)
    text = rewrite(text, /^min-port=.*$/m, `min-port=${relayPort}`)
    text = rewrite(text, /^max-port=.*$/m, `max-port=${relayPort}`)
    text = rewrite(text, '/etc/hearth/tls/fullchain.pem', cert)
    text = rewrite(text, '/etc/hearth/tls/privkey.pem', key)
    // To its standard output rather than syslog, on loopback only, its files in the test's directory.
    text = rewrite(text, /^(syslog|no-stdout-log)\n/gm, '')
    text += `listening-ip=127.0.0.1\nlog-file=stdout\npidfile=${directory}/turn.pid\nuserdb=${directory}/turndb\n`
    writeFileSync(join(directory, 'turnserver.conf'), text)
    const coturn = spawn(TURNSERVER, ['-c', join(directory, 'turnserver.conf')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let log = ''
    coturn.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()))
    coturn.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
    const client = new TurnClient('127.0.0.1', port)
    try {
      const deadline = Date.now() + 5000
      while (!/Total General servers/.test(log) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(log).not.toMatch(/Bad configuration format|CONFIG ERROR|ERROR: Wrong/)
      expect(log).toContain('Black listing: 169.254.0.0-169.254.255.255')
      expect(log).toContain('White listing: 203.0.113.10')

      const secret = parseEnvFile(rendered('etc/hearth/hearth.env')).TURN_SECRET!
      // A credential as the edge hands it to a browser (media-edge/turn.ts), and one from the wrong secret.
      const { username, credential } = turnCredentials(secret, 'user-1')
      const refused = async (name: string, password: string) => {
        const other = new TurnClient('127.0.0.1', port)
        try {
          return await other.allocate(name, password)
        } finally {
          other.close()
        }
      }
      const forged = turnCredentials('0'.repeat(64), 'user-1')
      expect(await refused(forged.username, forged.credential)).toMatchObject({ ok: false, code: 401 })
      const expired = turnCredentials(secret, 'user-1', Date.now() - 13 * 3600_000)
      expect(await refused(expired.username, expired.credential)).toMatchObject({ ok: false, code: 401 })
      expect(await client.allocate(username, credential)).toEqual({ ok: true })
      for (const peer of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '192.168.1.10', '172.16.0.1', '100.64.0.1'])
        expect(await client.createPermission(peer, username, credential), peer).toMatchObject({
          ok: false,
          code: 403,
        })
      // This host's own address (where the edges' media ports are) stays reachable, as does the internet.
      for (const peer of [PUBLIC_IP, '8.8.8.8'])
        expect(await client.createPermission(peer, username, credential), peer).toEqual({ ok: true })
    } finally {
      client.close()
      const exited = new Promise((resolve) => coturn.once('exit', resolve))
      coturn.kill('SIGTERM')
      await exited
    }
  })
})
