// The meeting socket: a typed Socket.IO client and a promise over the edge's `{ ok, error, data }`
// acknowledgements.
import type { Socket } from 'socket.io-client'
import { EDGE_ERRORS, type Ack } from '#edge/contract/protocol'
import type { ClientToServerEvents, ServerToClientEvents } from '#edge/contract/events'

export type MeetingSocket = Socket<ServerToClientEvents, ClientToServerEvents>

/** How long an acknowledgement may take before the request counts as failed. */
export const REQUEST_TIMEOUT_MS = 10_000

type AckData<E extends keyof ClientToServerEvents> =
  Parameters<ClientToServerEvents[E]> extends [...unknown[], (ack: Ack<infer T>) => void] ? T : never
/** What goes before the Ack: the payload, none, or either when the event's payload may be left out. */
type Payload<E extends keyof ClientToServerEvents> =
  Parameters<ClientToServerEvents[E]> extends infer Args
    ? Args extends [...infer P extends unknown[], unknown]
      ? P
      : never
    : never

/**
 * Sends one request and resolves with the acknowledgement's data; rejects with the server's error
 * text, with "socket disconnected!" when there is no connection, or on timeout.
 */
export function request<E extends keyof ClientToServerEvents>(
  socket: MeetingSocket,
  event: E,
  ...payload: Payload<E>
): Promise<AckData<E>> {
  return requestWithin(REQUEST_TIMEOUT_MS, socket, event, ...payload)
}

/** `request` for one whose answer may take longer than REQUEST_TIMEOUT_MS (going live: LIVE_START_DEADLINE_MS). */
export function requestWithin<E extends keyof ClientToServerEvents>(
  timeoutMs: number,
  socket: MeetingSocket,
  event: E,
  ...payload: Payload<E>
): Promise<AckData<E>> {
  if (!socket.connected) return Promise.reject(new Error(EDGE_ERRORS.socketDisconnected))
  return new Promise((resolve, reject) => {
    // The typed emit cannot spell "payload, then the timeout's (error, ack) callback"; the wrapper below can.
    const timed = socket.timeout(timeoutMs) as unknown as { emit: (event: string, ...args: unknown[]) => void }
    timed.emit(event, ...(payload as unknown[]), (error: Error | null, ack: Ack<AckData<E>>) => {
      if (error) reject(new Error(socket.connected ? `${event}: no answer` : EDGE_ERRORS.socketDisconnected))
      else if (!ack || !ack.ok) reject(new Error(ack?.error ?? `${event} failed`))
      else resolve(ack.data as AckData<E>)
    })
  })
}
