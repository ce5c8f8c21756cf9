// mediasoup workers, one per configured core. Each worker counts the consumers it carries, so
// meetings can be placed on the least-loaded one and receivers spill over to another worker
// when one passes its budget. A worker that dies is replaced; the meetings it carried are told
// (onWorkerDied) so their peers reconnect onto a healthy worker.
import { workerPath } from './scripts/ensure-worker.mjs'
import type { types } from 'mediasoup'
import type { Logger } from './logger'

export interface PoolWorker {
  readonly worker: types.Worker
  /** Position in the pool: a replacement keeps the dead worker's slot. */
  readonly slot: number
  consumers: number
  routers: number
}

export interface WorkerPoolOptions {
  count: number
  consumerBudget: number
  logger: Logger
  logLevel?: types.WorkerLogLevel
  onWorkerDied?: (dead: PoolWorker) => void
}

let mediasoupModule: Promise<typeof import('mediasoup')> | null = null

/** mediasoup reads MEDIASOUP_WORKER_BIN once, when it is first imported: set it before that. */
export function loadMediasoup() {
  process.env.MEDIASOUP_WORKER_BIN ??= workerPath()
  mediasoupModule ??= import('mediasoup')
  return mediasoupModule
}

export class WorkerPool {
  private readonly entries: PoolWorker[] = []
  private closed = false

  private constructor(private readonly options: WorkerPoolOptions) {}

  static async start(options: WorkerPoolOptions) {
    const pool = new WorkerPool(options)
    for (let slot = 0; slot < options.count; slot++) pool.entries.push(await pool.spawn(slot))
    return pool
  }

  get workers(): readonly PoolWorker[] {
    return this.entries
  }

  get consumerBudget() {
    return this.options.consumerBudget
  }

  /** The worker with the fewest consumers (then the fewest routers), optionally avoiding one. */
  leastLoaded(except?: PoolWorker): PoolWorker {
    const candidates = this.entries.filter((entry) => entry !== except)
    const pool = candidates.length ? candidates : this.entries
    return pool.reduce((best, entry) =>
      entry.consumers < best.consumers || (entry.consumers === best.consumers && entry.routers < best.routers)
        ? entry
        : best,
    )
  }

  overBudget(entry: PoolWorker) {
    return entry.consumers >= this.options.consumerBudget
  }

  async createRouter(entry: PoolWorker, mediaCodecs: types.RouterRtpCodecCapability[]) {
    const router = await entry.worker.createRouter({ mediaCodecs })
    entry.routers++
    router.observer.once('close', () => entry.routers--)
    return router
  }

  /** Counts a consumer against its worker until it closes. */
  trackConsumer(entry: PoolWorker, consumer: types.Consumer) {
    entry.consumers++
    consumer.observer.once('close', () => entry.consumers--)
  }

  async close() {
    this.closed = true
    for (const entry of this.entries) entry.worker.close()
  }

  private async spawn(slot: number): Promise<PoolWorker> {
    const mediasoup = await loadMediasoup()
    const worker = await mediasoup.createWorker({ logLevel: this.options.logLevel ?? 'warn' })
    const entry: PoolWorker = { worker, slot, consumers: 0, routers: 0 }
    worker.on('died', (error) => {
      this.options.logger.error({ workerPid: worker.pid, slot, err: error }, 'mediasoup worker died')
      if (this.closed) return
      this.options.onWorkerDied?.(entry)
      this.replace(entry)
    })
    this.options.logger.info({ workerPid: worker.pid, slot }, 'mediasoup worker started')
    return entry
  }

  private replace(dead: PoolWorker) {
    this.spawn(dead.slot).then(
      (fresh) => {
        const index = this.entries.indexOf(dead)
        if (this.closed) fresh.worker.close()
        else if (index >= 0) this.entries[index] = fresh
      },
      (error) => this.options.logger.fatal({ err: error, slot: dead.slot }, 'could not restart a mediasoup worker'),
    )
  }
}
