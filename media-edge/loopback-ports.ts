// Loopback UDP ports for ffmpeg's RTP input (the recorder, the live streamer, the captions' audio
// taps): ffmpeg binds them itself once it has read its SDP, so the edge only finds a free pair.
import { createSocket, type Socket } from 'node:dgram'

/** Two free UDP ports in a row on loopback (ffmpeg takes RTCP on the port after the RTP one). */
export async function freePortPair(): Promise<{ port: number; rtcpPort: number }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const first = await bindUdp(0)
    const port = first.address().port
    const second = await bindUdp(port + 1).catch(() => null)
    await Promise.all([closeUdp(first), second ? closeUdp(second) : undefined])
    if (second && port + 1 <= 65535) return { port, rtcpPort: port + 1 }
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
