// ICE restarts per transport: at most one every 1000 ms and at most 10 in all. A restart
// asked for too soon waits for its turn instead of failing, so a client retrying on a flapping
// network still gets an answer; the 11th is refused.
import { ICE_RESTART } from './media-config'

export class IceRestartLimitError extends Error {}

export class IceRestartLimiter {
  private count = 0
  private last = Number.NEGATIVE_INFINITY
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly intervalMs: number = ICE_RESTART.intervalMs,
    private readonly max: number = ICE_RESTART.max,
    private readonly now: () => number = () => performance.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
  ) {}

  get restarts() {
    return this.count
  }

  run<T>(restart: () => Promise<T>): Promise<T> {
    if (this.count >= this.max)
      return Promise.reject(new IceRestartLimitError(`at most ${this.max} ICE restarts per transport`))
    this.count++
    const turn = this.queue.then(async () => {
      const wait = this.last + this.intervalMs - this.now()
      if (wait > 0) await this.sleep(wait)
      this.last = this.now()
      return restart()
    })
    this.queue = turn.catch(() => undefined)
    return turn
  }
}
