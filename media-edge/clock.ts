// The edge's sense of time: the wall clock (shared video positions, event slots, the talk timer)
// and the timers that fire on it (a waiting-room call ringing out, the next slot). One Clock is
// passed in (startEdge's `clock`), so a test can read and fire time by hand.
export interface Clock {
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}
