// Loopback UDP ports for ffmpeg's RTP input (the recorder, the live streamer, the captions' audio
// taps): ffmpeg binds them itself once it has read its SDP, so the edge only finds a free pair.
//
// Between the edge finding a pair and ffmpeg binding it (a second or more on a busy machine) the ports
// are free for anyone. Pairs are therefore taken from a range of their own, below Linux's ephemeral
// range (32768–60999, where browsers' and other programs' port-0 binds land) and apart from the
// media ports (RTC_MIN_PORT–RTC_MAX_PORT, 40000–49999 by default; env.ts refuses an overlap), at a
// random place in it; and a pair handed out is not handed out again while its ffmpeg may still be
// starting. Only the edge's own ffmpegs use the range.
import { createSocket, type Socket } from 'node:dgram'

/** The range ffmpeg's loopback RTP and RTCP ports come from (RTP even, RTCP the next one). */
export const FFMPEG_PORTS = { min: 10000, max: 19999 } as const

/** How long a pair stays reserved for the ffmpeg it was found for. */
const RESERVED_MS = 30_000
const reserved = new Map<number, number>()

/** Two free UDP ports in a row on loopback (ffmpeg takes RTCP on the port after the RTP one). */
export async function freePortPair(): Promise<{ port: number; rtcpPort: number }> {
  const now = Date.now()
  for (const [port, until] of reserved) if (until <= now) reserved.delete(port)
  const pairs = (FFMPEG_PORTS.max - FFMPEG_PORTS.min + 1) / 2
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = FFMPEG_PORTS.min + 2 * Math.floor(Math.random() * pairs)
    if (reserved.has(port)) continue
    // Reserved before the checks, so that a search running beside this one never picks the same pair.
    reserved.set(port, now + RESERVED_MS)
    const first = await bindUdp(port).catch(() => null)
    const second = first ? await bindUdp(port + 1).catch(() => null) : null
    await Promise.all([first && closeUdp(first), second && closeUdp(second)])
    if (first && second) return { port, rtcpPort: port + 1 }
    reserved.delete(port)
  }
  throw new Error('no free pair of UDP ports for ffmpeg')
}

function bindUdp(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4')
    socket.once('error', (error) => {
      socket.close()
      reject(error)
    })
    socket.bind(port, '127.0.0.1', () => resolve(socket))
  })
}

function closeUdp(socket: Socket) {
  return new Promise<void>((resolve) => socket.close(() => resolve()))
}
