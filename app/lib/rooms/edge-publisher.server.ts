// The web app's line to the media edges, through Redis: it pushes `room.updated` and `notification`
// to the sockets in the room and user channels (Socket.IO's Redis emitter, picked up by every edge's
// Redis adapter), and asks which edge hosts a meeting (media-edge/shared/room-assignment.ts).
//
// Without REDIS_URL there is one edge on Socket.IO's in-memory adapter, which the web process cannot
// reach: publishing is then a no-op (open pages see the change on their next load or navigation),
// and every meeting is on EDGE_PUBLIC_URL.
import { Emitter } from '@socket.io/redis-emitter'
import type { Redis } from 'ioredis'
import { edgeUrlForRoom } from '#edge/shared/room-assignment'
import { probeEdge } from '#edge/contract/edge-probe'
import type { Call } from '#edge/contract/calls'
import type { ServerToClientEvents } from '#edge/contract/events'
import { channels } from '#edge/contract/protocol'
import { ROOM_KICK_ALL, type RoomKickAll } from '#edge/contract/room-commands'
import { env } from '../platform/env.server'
import { logger } from '../platform/logger.server'
import { webRedis } from '../platform/redis.server'

export type EdgeNotification = Parameters<ServerToClientEvents['notification']>[0]

export interface EdgePublisher {
  roomUpdated: (roomId: string, url?: string) => void
  notifyUser: (userId: string, notification: EdgeNotification) => void
  /** Every edge hears it; the one hosting the room's meeting removes everyone who entered it (contract/room-commands.ts). */
  kickAll: (command: RoomKickAll) => void
  /** A waiting-room call changed through the API: its caller and the room's hosts in the meeting hear it. */
  callUpdated: (call: Call) => void
}

/**
 * Publishes through `redis`. `key` must match the edges' adapter key (both default to the
 * libraries' "socket.io"). A publish that fails (Redis down) is logged, never thrown: the page
 * change that triggered it has already been saved.
 */
export function createEdgePublisher(redis: Redis, options: { key?: string } = {}): EdgePublisher {
  // The emitter only publishes, and drops the promise; catching here keeps a Redis outage from
  // becoming an unhandled rejection in the web process.
  const publisher = {
    publish: (channel: string, message: Buffer | string) =>
      redis.publish(channel, message).catch((error: unknown) => logger.warn({ err: error }, 'edge publish failed')),
  }
  // Only a given key: the emitter's defaults are overwritten by an explicit undefined.
  const emitter = new Emitter<ServerToClientEvents>(publisher, options.key ? { key: options.key } : {})
  return {
    roomUpdated: (roomId, url) =>
      emitter.to(channels.room(roomId)).emit('room.updated', { roomId, ...(url === undefined ? {} : { url }) }),
    notifyUser: (userId, notification) => emitter.to(channels.user(userId)).emit('notification', notification),
    kickAll: (command) => emitter.serverSideEmit(ROOM_KICK_ALL, command),
    callUpdated: (call) =>
      emitter.to(channels.user(call.callerId)).to(channels.roomHosts(call.roomId)).emit('call:updated', call),
  }
}

let publisher: EdgePublisher | null = null

function defaultPublisher(): EdgePublisher | null {
  const client = webRedis()
  if (!client) return null
  publisher ??= createEdgePublisher(client)
  return publisher
}

/** Tells every open page and meeting of the room that it changed (they re-read what they show). */
export function publishRoomUpdated(roomId: string) {
  defaultPublisher()?.roomUpdated(roomId)
}

/**
 * The room's link changed, so its old address is gone: whoever is in its meeting is sent out, as the spec wants,
 * and its pages not in the meeting (at the device check, or waiting) move to `url`, the new address.
 */
export function publishRoomMoved(roomId: string, url: string) {
  const publisher = defaultPublisher()
  publisher?.kickAll({ roomId, reason: 'linkChanged' })
  publisher?.roomUpdated(roomId, url)
}

/** Tells a call's caller and the room's hosts (in its meeting, on any edge) that the call changed. */
export function publishCallUpdated(call: Call) {
  defaultPublisher()?.callUpdated(call)
}

/** Pushes a notification to every socket the user has open, on any edge. */
export function notifyUser(userId: string, notification: EdgeNotification) {
  defaultPublisher()?.notifyUser(userId, notification)
}

/**
 * The URL of the edge hosting the room's meeting, for the room loader: assigned on first join to
 * the least-loaded live edge. Null when no edge is alive or Redis cannot be reached: the client
 * then shows the connection error instead of connecting to an edge that would refuse it.
 * `unreachable`: the edge URL a reconnecting client lost; that edge is probed before it is named
 * again, and the meeting moves at once if it is dead (media-edge/shared/room-assignment.ts).
 */
export async function roomEdgeUrl(roomId: string, options: { unreachable?: string } = {}): Promise<string | null> {
  try {
    return await edgeUrlForRoom(webRedis(), roomId, env.EDGE_PUBLIC_URL, {
      unreachable: options.unreachable,
      probe: probeEdge,
    })
  } catch (error) {
    logger.error({ err: error }, 'edge assignment failed')
    return null
  }
}
