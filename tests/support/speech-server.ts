// A local stand-in for the hosted speech service captions use (media-edge/deepgram-speech.ts),
// speaking its live streaming protocol: a WebSocket at /v1/listen, `Authorization: Token <key>`
// (anything else gets a 401 before the upgrade), binary PCM frames up, JSON `Results` down,
// `KeepAlive` and `CloseStream` text frames. It cannot recognise speech, so it reports what it
// heard: each second of sound in the audio (16-bit samples whose loudness passes a threshold)
// gives an interim "sound 1 s" result, and each SOUND_PER_FINAL of sound a final line; CloseStream
// flushes a last final line for sound not yet reported. What it says is then true of the audio the
// edge really sent.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'

/** Seconds of sound per final line. */
export const SOUND_PER_FINAL = 2
const LOUD_RMS = 500

export interface SpeechConnection {
  query: URLSearchParams
  bytes: number
  keepAlives: number
  closedByClient: boolean
}

export interface SpeechServer {
  /** The URL to give the edge as SPEECH_API_URL. */
  url: string
  apiKey: string
  connections: SpeechConnection[]
  close(): Promise<void>
}

export const SPEECH_TEST_KEY = 'test-speech-key'

export async function startSpeechServer(port = 0, apiKey = SPEECH_TEST_KEY): Promise<SpeechServer> {
  const connections: SpeechConnection[] = []
  const http: Server = createServer((_request, response) => response.writeHead(404).end())
  const wss = new WebSocketServer({ noServer: true })
  http.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname !== '/v1/listen' || request.headers.authorization !== `Token ${apiKey}`) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n')
      return
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection: SpeechConnection = { query: url.searchParams, bytes: 0, keepAlives: 0, closedByClient: false }
      connections.push(connection)
      const sampleRate = Number(url.searchParams.get('sample_rate') ?? 16000)
      let loudSeconds = 0
      let reportedFinal = 0
      let window: number[] = []
      const result = (text: string, final: boolean) =>
        ws.send(
          JSON.stringify({
            type: 'Results',
            is_final: final,
            speech_final: final,
            channel: { alternatives: [{ transcript: text, confidence: 0.9 }] },
          }),
        )
      ws.on('message', (data, isBinary) => {
        if (!isBinary) {
          const message = JSON.parse(data.toString()) as { type?: string }
          if (message.type === 'KeepAlive') connection.keepAlives++
          if (message.type === 'CloseStream') {
            connection.closedByClient = true
            if (loudSeconds > reportedFinal) result(`sound for ${loudSeconds - reportedFinal} s`, true)
            ws.close(1000)
          }
          return
        }
        const pcm = data as Buffer
        connection.bytes += pcm.length
        for (let offset = 0; offset + 1 < pcm.length; offset += 2) {
          window.push(pcm.readInt16LE(offset))
          if (window.length < sampleRate) continue
          const rms = Math.sqrt(window.reduce((sum, sample) => sum + sample * sample, 0) / window.length)
          window = []
          if (rms < LOUD_RMS) continue
          loudSeconds++
          if (loudSeconds - reportedFinal >= SOUND_PER_FINAL) {
            result(`sound for ${loudSeconds - reportedFinal} s`, true)
            reportedFinal = loudSeconds
          } else {
            result(`sound ${loudSeconds - reportedFinal} s`, false)
          }
        }
      })
    })
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(port, '127.0.0.1', resolve)
  })
  const bound = (http.address() as AddressInfo).port
  return {
    url: `ws://127.0.0.1:${bound}/v1/listen`,
    apiKey,
    connections,
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate()
        wss.close()
        http.close(() => resolve())
      }),
  }
}
