// The machine the rehearsal runs Hearth on: this one, installed as docs/install.md says (the installer as root, with a
// local CA). One thing is missing here: systemd as PID 1. So each service runs the way its unit says systemd would
// run it (unitService reads the installed unit file: ExecStart, WorkingDirectory, User, Group, the environment
// files), and nginx, coturn and Prometheus run as their Debian units would start them.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { PATHS, parseEnvFile } from '../../deploy/render.mjs'
import type { ServiceSpec } from '../e2e/cluster'

export const DOMAIN = 'hearth.test'
export const WEB_PORTS = [3000, 3002] as const
export const EDGES = [
  { index: 1, host: `edge1.${DOMAIN}`, port: 3001 },
  { index: 2, host: `edge2.${DOMAIN}`, port: 3003 },
] as const
export const PROMETHEUS = 'http://127.0.0.1:9090'
/** The browsers' HOME: Chromium reads the CAs it trusts from $HOME/.pki/nssdb, which install.ts fills. */
export const BROWSER_HOME = '/tmp/hearth-rehearsal-browser'
/**
 * This machine's address on its default route, which the installer takes for the public one when none is given:
 * the names point there, the edges announce it and coturn relays to it alone (loopback peers it refuses, as it
 * should in production).
 */
export const PUBLIC_IP = /\bsrc (\d+\.\d+\.\d+\.\d+)/.exec(
  execFileSync('ip', ['-4', 'route', 'get', '1.1.1.1'], { encoding: 'utf8' }),
)![1]!
/** The installer's options, as docs/install.md gives them for a trial with a local CA. */
export const INSTALL_ARGS = ['--domain', DOMAIN, '--local-ca', '--web', '2', '--edges', '2', '--public-ip', PUBLIC_IP]

const HOSTS_FILE = '/etc/hosts'
const HOSTS_MARK = '# hearth rehearsal'

/** What DNS does for a real domain: the install's names point at this machine's address, until the returned undo. */
export function pointNamesHere(): () => void {
  const without = () =>
    readFileSync(HOSTS_FILE, 'utf8')
      .split('\n')
      .filter((line) => !line.endsWith(HOSTS_MARK))
      .join('\n')
  const names = [DOMAIN, ...EDGES.map((edge) => edge.host)].join(' ')
  writeFileSync(HOSTS_FILE, `${without().trimEnd()}\n${PUBLIC_IP} ${names} ${HOSTS_MARK}\n`)
  return () => writeFileSync(HOSTS_FILE, `${without().trimEnd()}\n`)
}

/** The installer, run for real; its output (it fails the setup with that output when it fails). */
export function runInstaller(): string {
  return execFileSync(process.execPath, ['scripts/install-server.mjs', ...INSTALL_ARGS], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  })
}

export const installedEnv = (path = PATHS.env) => parseEnvFile(readFileSync(path, 'utf8'))

const idOf = (database: 'passwd' | 'group', name: string) =>
  execFileSync('getent', [database, name], { encoding: 'utf8' }).trim().split(':')

/**
 * `unit@instance` as systemd runs it: the command line of ExecStart in WorkingDirectory as User and Group, with
 * the environment systemd gives a service (PATH, HOME, USER, …), then Environment=, then each EnvironmentFile= in
 * order (a later one wins; a `-` path may be missing). %i is the instance.
 */
export function unitService(
  unit: string,
  instance: string,
  ready: Pick<ServiceSpec, 'readyUrl' | 'ready'>,
): ServiceSpec {
  const text = readFileSync(`${PATHS.units}/${unit}@.service`, 'utf8').replaceAll('%i', instance)
  const settings = [...text.matchAll(/^(\w+)=(.*)$/gm)].map(([, key, value]) => [key!, value!.trim()] as const)
  const one = (key: string) => {
    const values = settings.filter(([name]) => name === key).map(([, value]) => value)
    if (values.length !== 1) throw new Error(`${unit}@.service has ${values.length} ${key}= lines`)
    return values[0]!
  }
  const [command, ...args] = one('ExecStart').split(/\s+/)
  const [user, , uid, , , home, shell] = idOf('passwd', one('User'))
  const env: Record<string, string> = {
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    HOME: home!,
    USER: user!,
    LOGNAME: user!,
    SHELL: shell!,
  }
  for (const [key, value] of settings) {
    if (key === 'Environment') Object.assign(env, parseEnvFile(value.replace(/^"(.*)"$/, '$1')))
    if (key !== 'EnvironmentFile') continue
    const path = value.replace(/^-/, '')
    try {
      Object.assign(env, parseEnvFile(readFileSync(path, 'utf8')))
    } catch (error) {
      if (!value.startsWith('-')) throw error
    }
  }
  return {
    name: `${unit}@${instance}`,
    command: command!,
    args,
    env: env as NodeJS.ProcessEnv,
    cwd: one('WorkingDirectory'),
    uid: Number(uid),
    gid: Number(idOf('group', one('Group'))[2]),
    ...ready,
  }
}

/** A Debian package's service as its unit starts it (in the foreground here), as `user` when it names one. */
export function debianService(
  name: string,
  user: string | null,
  [command, ...args]: string[],
  ready: Pick<ServiceSpec, 'readyUrl' | 'ready'>,
): ServiceSpec {
  const ids = user ? { uid: Number(idOf('passwd', user)[2]), gid: Number(idOf('group', user)[2]) } : {}
  const env: Record<string, string> = { PATH: '/usr/sbin:/usr/bin:/sbin:/bin' }
  return { name, command: command!, args, env: env as NodeJS.ProcessEnv, ...ids, ...ready }
}

/** True once something accepts TCP connections on the port (a proxy or a TURN server, which answer no plain 200). */
export function listening(port: number, host = '127.0.0.1') {
  return () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, host)
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
}
