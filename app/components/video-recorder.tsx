import { useEffect, useRef, useState, type RefObject } from 'react'
import { useT } from '#app/lib/i18n/use-t'

/** A message's recording stops by itself after this long (well within the size limit at the bit rate asked for). */
const MAX_SECONDS = 90
const VIDEO_BITS_PER_SECOND = 1_000_000
/** What the browser can record, best first: WebM where it can (Chrome, Firefox), MP4 otherwise (Safari). */
const RECORDING_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4']

type State =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'recording' }
  | { kind: 'recorded'; url: string }
  | { kind: 'denied' }

/**
 * "Record a video" with the browser's camera and microphone (MediaRecorder): start, stop, watch it
 * back, record again. The recording is put into the form's video file input, so the form sends it
 * like a chosen file. Renders nothing without JavaScript (the file input is there on its own), and
 * the product's warning where the browser has no MediaRecorder (Safari, where it may need enabling).
 */
export function VideoRecorder({ input, maxBytes }: { input: RefObject<HTMLInputElement>; maxBytes: number }) {
  const { t } = useT()
  const [support, setSupport] = useState<'unknown' | 'yes' | 'no'>('unknown')
  const [state, setState] = useState<State>({ kind: 'idle' })
  const live = useRef<HTMLVideoElement>(null)
  const camera = useRef<MediaStream | null>(null)
  const recorder = useRef<MediaRecorder | null>(null)

  useEffect(() => {
    setSupport(typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia) ? 'yes' : 'no')
    // Leaving the page turns the camera off.
    return () => stopCamera()
  }, [])
  useEffect(() => {
    if (state.kind === 'recording' && live.current) live.current.srcObject = camera.current
    if (state.kind === 'recorded') return () => URL.revokeObjectURL(state.url)
  }, [state])

  function stopCamera() {
    camera.current?.getTracks().forEach((track) => track.stop())
    camera.current = null
  }

  async function start() {
    setState({ kind: 'starting' })
    if (input.current) input.current.value = ''
    try {
      camera.current = await navigator.mediaDevices.getUserMedia({ video: true, audio: true })
    } catch {
      setState({ kind: 'denied' })
      return
    }
    const mimeType = RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type))
    const recording = new MediaRecorder(camera.current, {
      ...(mimeType ? { mimeType } : {}),
      videoBitsPerSecond: VIDEO_BITS_PER_SECOND,
    })
    const chunks: Blob[] = []
    let size = 0
    recording.ondataavailable = (event) => {
      if (event.data.size === 0) return
      chunks.push(event.data)
      size += event.data.size
      // Stopped before the server would refuse it.
      if (size > maxBytes * 0.95 && recording.state === 'recording') recording.stop()
    }
    recording.onstop = () => {
      stopCamera()
      const type = (recording.mimeType || mimeType || 'video/webm').split(';')[0]!
      const file = new File(chunks, `video-message.${type === 'video/mp4' ? 'mp4' : 'webm'}`, { type })
      const files = new DataTransfer()
      files.items.add(file)
      if (input.current) input.current.files = files.files
      setState({ kind: 'recorded', url: URL.createObjectURL(file) })
    }
    recording.start(1000)
    recorder.current = recording
    setTimeout(() => recording.state === 'recording' && recording.stop(), MAX_SECONDS * 1000)
    setState({ kind: 'recording' })
  }

  if (support === 'unknown') return null
  if (support === 'no') {
    return (
      <p role="note" className="notice notice-warning">
        {t('messages:recorder.unavailable')}
      </p>
    )
  }
  return (
    <div className="video-recorder stack">
      {state.kind === 'recording' ? (
        <video ref={live} className="video-recorder-preview" muted autoPlay playsInline />
      ) : null}
      {state.kind === 'recorded' ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- the clip just recorded, played back to its author
        <video src={state.url} className="video-recorder-preview" controls playsInline />
      ) : null}
      {state.kind === 'denied' ? (
        <p role="alert" className="field-error">
          {t('messages:recorder.denied')}
        </p>
      ) : null}
      <div className="inline-actions">
        {state.kind === 'recording' ? (
          <button type="button" className="button" onClick={() => recorder.current?.stop()}>
            {t('messages:recorder.stop')}
          </button>
        ) : (
          <button type="button" className="button" onClick={start} disabled={state.kind === 'starting'}>
            {state.kind === 'recorded' ? t('messages:recorder.again') : t('messages:recorder.record')}
          </button>
        )}
      </div>
      <p className="hint" aria-live="polite">
        {state.kind === 'recording'
          ? t('messages:recorder.recording', { seconds: MAX_SECONDS })
          : state.kind === 'recorded'
            ? t('messages:recorder.recorded')
            : ''}
      </p>
    </div>
  )
}
