// Several media edges behind one Redis: Socket.IO's Redis adapter carries every broadcast (io.to(room)
// .emit) to the sockets connected to the other edges, and lets the web app's Redis emitter reach
// them too (app/lib/rooms/edge-publisher.server.ts). Without REDIS_URL the edge keeps Socket.IO's
// in-memory adapter and none of this runs.
import { createAdapter } from '@socket.io/redis-adapter'
import { Redis } from 'ioredis'
import type { Server } from 'socket.io'

export interface RedisAdapterOptions {
  /** The adapter's channel prefix; the web app's emitter must use the same (the default is the libraries'). */
  key?: string
  /** Redis trouble: a lost connection, a broadcast that could not be published. */
  onError?: (error: unknown) => void
}

export interface RedisAdapterHandle {
  /** Closes the two Redis connections; call after io.close(), which closes the adapter itself. */
  close: () => Promise<void>
}

/**
 * The adapter publishes without handling the promise, so a publish during a Redis outage would be
 * an unhandled rejection and stop the process. Through this view a failed publish is reported, and
 * the sockets on this edge still get the broadcast (the adapter delivers locally either way).
 */
function reportingPublishes(client: Redis, onError: (error: unknown) => void): Redis {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property !== 'publish') return Reflect.get(target, property, receiver)
      return (...args: Parameters<Redis['publish']>) => target.publish(...args).catch(onError)
    },
  })
}

/** What the in-memory adapter's broadcast leaves in its per-packet options for the WebSocket transport. */
interface PacketOptions {
  wsPreEncodedFrame?: Buffer[]
}
type Encode = (packet: unknown, packetOptions: PacketOptions) => unknown
type RedisAdapterInstance = ReturnType<ReturnType<typeof createAdapter>>

/**
 * A broadcast is encoded once and framed once as `[header, payload]`; ws then writes that to
 * every socket with cork, two writes and uncork, a writev through Node's stream buffering per
 * socket. Joined into one buffer (once per broadcast), each socket's frame is one plain write:
 * about 10% less CPU in the loop over a room's sockets, 8% of the edge's CPU per broadcast to
 * 500 sockets (tests/bench/edge-broadcast.mjs). Any other shape of frame is left as it is.
 */
function wholeFrames(adapter: RedisAdapterInstance): RedisAdapterInstance {
  const target = adapter as unknown as { _encode: Encode }
  const encode = target._encode
  target._encode = function (this: unknown, packet, packetOptions) {
    const encoded = encode.call(this, packet, packetOptions)
    const frame = packetOptions.wsPreEncodedFrame
    if (Array.isArray(frame) && frame.length === 2) packetOptions.wsPreEncodedFrame = [Buffer.concat(frame)]
    return encoded
  }
  return adapter
}

/** Any Socket.IO server, whatever its event maps (the edge's is typed by contract/events.ts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any server's event maps, as the comment says
type AnyServer = Server<any, any, any, any>

/**
 * Puts io on the Redis adapter, with two connections of its own (from a URL, or copied from the
 * edge's client): one publishes, one stays in subscriber mode. Resolves once both are connected
 * and subscribed, so nothing published after the edge starts listening is missed.
 */
export async function attachRedisAdapter(
  io: AnyServer,
  redis: Redis | string,
  options: RedisAdapterOptions = {},
): Promise<RedisAdapterHandle> {
  const onError = options.onError ?? (() => {})
  // A publish gives up quickly (a broadcast is worth nothing late); the subscriber waits through an
  // outage and resubscribes when Redis is back.
  const connection = (settings: { maxRetriesPerRequest: number | null }) =>
    typeof redis === 'string'
      ? new Redis(redis, { ...settings, lazyConnect: true })
      : redis.duplicate({ ...settings, lazyConnect: true })
  const pub = connection({ maxRetriesPerRequest: 1 })
  const sub = connection({ maxRetriesPerRequest: null })
  for (const client of [pub, sub]) client.on('error', onError)
  try {
    await Promise.all([pub.connect(), sub.connect()])
  } catch (error) {
    pub.disconnect()
    sub.disconnect()
    throw error
  }
  const redisAdapter = createAdapter(reportingPublishes(pub, onError), sub, {
    key: options.key,
    publishOnSpecificResponseChannel: true,
  })
  // Socket.IO calls this with `new` once per namespace: a plain function returning the adapter.
  io.adapter(function (nsp: Parameters<typeof redisAdapter>[0]) {
    return wholeFrames(redisAdapter(nsp))
  } as unknown as typeof redisAdapter)
  // The adapter subscribes without waiting; a ping answered on the same connection means it has.
  await sub.ping()
  return {
    close: async () => {
      await Promise.allSettled([pub.quit(), sub.quit()])
    },
  }
}
