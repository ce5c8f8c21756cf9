// Processes an end-to-end test starts for itself (web servers, media edges), each in its own
// process group so that nothing it spawned (tsx's child, mediasoup workers) outlives the test.
// A graceful stop signals only the group's leader (tsx relays it to the program, which then drains
// as it would in production); what is still there after the grace period is killed as a group.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

export interface ServiceSpec {
  name: string
  /** What to run: `node` unless named (the rehearsal runs a unit's ExecStart, /usr/bin/node …). */
  command?: string
  /** Arguments to the command, e.g. ['server.js']. */
  args: string[]
  env: NodeJS.ProcessEnv
  /** As a systemd unit's WorkingDirectory, User and Group would run it; the test's own otherwise. */
  cwd?: string
  uid?: number
  gid?: number
  /** Answers 200 once the service is ready. */
  readyUrl?: string
  /** Or: true once the service is ready (a proxy that answers no plain 200, a TURN server). */
  ready?: () => Promise<boolean>
}

interface Running {
  spec: ServiceSpec
  child: ChildProcess
  exited: Promise<number | null>
}

export class Cluster {
  private readonly running = new Map<string, Running>()
  private readonly started = new Set<string>()
  /** If the test process exits without close() (killed by the runner), the services go with it. */
  private readonly killOnExit = () => {
    for (const { child } of this.running.values()) signal(child, 'SIGKILL', true)
  }

  /** `directory` holds each service's output (`{name}.log`) and whatever the caller puts there. */
  constructor(readonly directory: string) {
    mkdirSync(directory, { recursive: true })
    process.once('exit', this.killOnExit)
  }

  /** Runs `node args` to completion (a seed or a migration); throws with its output on failure. */
  runToEnd(args: string[], env: NodeJS.ProcessEnv) {
    const result = spawnSync('node', args, { env, encoding: 'utf8' })
    if (result.status !== 0)
      throw new Error(`node ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`)
  }

  /** Starts a service and resolves once its readyUrl answers 200; rejects if it exits first. */
  async start(spec: ServiceSpec, timeoutMs = 60_000): Promise<void> {
    if (this.running.has(spec.name)) throw new Error(`${spec.name} is already running`)
    const log = createWriteStream(this.logPath(spec.name), { flags: 'a' })
    const { command = 'node', args, env, cwd, uid, gid } = spec
    const child = spawn(command, args, { env, cwd, uid, gid, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout!.pipe(log, { end: false })
    child.stderr!.pipe(log, { end: false })
    child.once('close', () => log.end())
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
    )
    this.running.set(spec.name, { spec, child, exited })
    this.started.add(spec.name)
    let gone = false
    void exited.then(() => (gone = true))

    const ready = spec.ready ?? (async () => (await fetch(spec.readyUrl!)).status === 200)
    const deadline = Date.now() + timeoutMs
    for (;;) {
      if (gone) throw new Error(`${spec.name} exited while starting:\n${this.logTail(spec.name)}`)
      try {
        if (await ready()) return
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        throw new Error(
          `${spec.name} was not ready${spec.readyUrl ? ` at ${spec.readyUrl}` : ''} within ${timeoutMs} ms:\n${this.logTail(spec.name)}`,
        )
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  /**
   * SIGTERM to the service (a media edge drains: its clients get `shutdown`), then waits for it to
   * exit; after `graceMs` the whole process group is killed. Resolves with the exit code.
   */
  async stop(name: string, graceMs = 15_000): Promise<number | null> {
    const entry = this.running.get(name)
    if (!entry) return null
    this.running.delete(name)
    signal(entry.child, 'SIGTERM', false)
    const timer = setTimeout(() => signal(entry.child, 'SIGKILL', true), graceMs)
    const code = await entry.exited
    clearTimeout(timer)
    // The leader is gone; anything left in its group (an orphaned worker) goes with it.
    signal(entry.child, 'SIGKILL', true)
    return code
  }

  /**
   * A crash: SIGKILL to the whole process group at once (a media edge and its mediasoup workers),
   * with no chance to drain. Resolves once the leader is gone.
   */
  async kill(name: string): Promise<void> {
    const entry = this.running.get(name)
    if (!entry) return
    this.running.delete(name)
    signal(entry.child, 'SIGKILL', true)
    await entry.exited
  }

  /** Stops every service still running (all at once), then removes the directory. */
  async close() {
    await Promise.all([...this.running.keys()].map((name) => this.stop(name)))
    process.off('exit', this.killOnExit)
    rmSync(this.directory, { recursive: true, force: true })
  }

  logPath(name: string) {
    return join(this.directory, `${name}.log`)
  }

  /** The last lines a service printed, for failure messages. */
  logTail(name: string, lines = 40): string {
    try {
      return readFileSync(this.logPath(name), 'utf8').split('\n').slice(-lines).join('\n')
    } catch {
      return '(no output)'
    }
  }

  /** Every service started so far, running or not (whose logs a failed test attaches). */
  get names(): string[] {
    return [...this.started]
  }
}

/** Signals the leader, or its whole group (`group`); a process already gone is fine. */
function signal(child: ChildProcess, name: NodeJS.Signals, group: boolean) {
  if (child.pid === undefined) return
  try {
    process.kill(group ? -child.pid : child.pid, name)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
  }
}
