// A SpeechProvider speaking Deepgram's live streaming protocol: a WebSocket to /v1/listen with the
// audio format in the query and `Authorization: Token <key>`; binary frames of PCM up, JSON
// `Results` messages down (`is_final` tells interim from final); `{"type":"KeepAlive"}` keeps a
// quiet stream open (the service closes after 10 s without audio) and `{"type":"CloseStream"}`
// asks it to flush its last results and close.
import WebSocket from 'ws'
import {
  SPEECH_SAMPLE_RATE,
  type SpeechProvider,
  type SpeechResult,
  type SpeechStream,
  type SpeechStreamOptions,
} from './speech-provider'

export const KEEP_ALIVE_MS = 4000
/** How long close() waits for the service to flush and hang up before cutting the socket. */
const CLOSE_TIMEOUT_MS = 3000

/** The text of one `Results` message, or null for anything else (metadata, speech-started events, empty results). */
export function readResult(message: string): SpeechResult | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(message)
  } catch {
    return null
  }
  const result = parsed as {
    type?: unknown
    is_final?: unknown
    channel?: { alternatives?: { transcript?: unknown }[] }
  }
  if (result.type !== 'Results') return null
  const text = result.channel?.alternatives?.[0]?.transcript
  if (typeof text !== 'string' || text.trim() === '') return null
  return { text: text.trim(), final: result.is_final === true }
}

/** The stream's address: the service URL with the audio format and language. */
export function listenUrl(baseUrl: string, language: string) {
  const url = new URL(baseUrl)
  url.searchParams.set('encoding', 'linear16')
  url.searchParams.set('sample_rate', String(SPEECH_SAMPLE_RATE))
  url.searchParams.set('channels', '1')
  url.searchParams.set('interim_results', 'true')
  url.searchParams.set('punctuate', 'true')
  url.searchParams.set('language', language)
  return url.toString()
}

export function deepgramSpeech(options: { url: string; apiKey: string }): SpeechProvider {
  return { open: (stream) => new DeepgramStream(options, stream) }
}

class DeepgramStream implements SpeechStream {
  private readonly socket: WebSocket
  /** Audio written before the socket opened (the first few hundred ms of speech). */
  private pending: Buffer[] = []
  private readonly keepAlive: NodeJS.Timeout
  private lastAudioAt = Date.now()
  private failed = false

  constructor(
    options: { url: string; apiKey: string },
    private readonly stream: SpeechStreamOptions,
  ) {
    this.socket = new WebSocket(listenUrl(options.url, stream.language), {
      headers: { Authorization: `Token ${options.apiKey}` },
    })
    this.socket.on('open', () => {
      for (const chunk of this.pending) this.socket.send(chunk)
      this.pending = []
    })
    this.socket.on('message', (data, isBinary) => {
      if (isBinary) return
      const result = readResult(data.toString())
      if (result) stream.onResult(result)
    })
    this.socket.on('error', (error) => this.fail(error))
    this.socket.on('unexpected-response', (_request, response) =>
      this.fail(new Error(`speech service answered ${response.statusCode}`)),
    )
    this.keepAlive = setInterval(() => {
      if (this.socket.readyState === WebSocket.OPEN && Date.now() - this.lastAudioAt >= KEEP_ALIVE_MS)
        this.socket.send(JSON.stringify({ type: 'KeepAlive' }))
    }, KEEP_ALIVE_MS)
    this.keepAlive.unref()
  }

  write(pcm: Buffer) {
    this.lastAudioAt = Date.now()
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(pcm)
    else if (this.socket.readyState === WebSocket.CONNECTING) this.pending.push(pcm)
  }

  async close() {
    clearInterval(this.keepAlive)
    if (this.socket.readyState === WebSocket.CONNECTING) {
      this.socket.terminate()
      return
    }
    if (this.socket.readyState !== WebSocket.OPEN) return
    const closed = new Promise<void>((resolve) => this.socket.once('close', () => resolve()))
    this.socket.send(JSON.stringify({ type: 'CloseStream' }))
    const timer = setTimeout(() => this.socket.terminate(), CLOSE_TIMEOUT_MS)
    await closed
    clearTimeout(timer)
  }

  private fail(error: Error) {
    if (this.failed) return
    this.failed = true
    clearInterval(this.keepAlive)
    this.socket.terminate()
    this.stream.onError(error)
  }
}
