// People other than hosts and co-hosts see the live stream's state change 13 s later
// (LIVE_STATE_DELAY_MS): going live while they were shown idle or joining, and pausing or stopping
// while they were shown joining or pausing; hosts and co-hosts see every change at once. Every
// other change (back to idle, a pause or stop of a stream they see live, a resume starting) shows at once.
import { LIVE_STATE_DELAY_MS, type LiveState } from '#edge/contract/live'

/** How long to wait before showing `next` to someone shown `shown`. */
export function liveStateDelay(shown: LiveState, next: LiveState, hostOrCoHost: boolean): number {
  if (hostOrCoHost) return 0
  const late =
    (next === 'joined' && (shown === 'idle' || shown === 'joining')) ||
    ((next === 'pausing' || next === 'stopping') && (shown === 'joining' || shown === 'pausing'))
  return late ? LIVE_STATE_DELAY_MS : 0
}
