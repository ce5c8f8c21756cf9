import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import type { SharedVideo } from '#edge/contract/shared-video'
import { VIDEO_LINK_MAX_LENGTH, parseVideoLink } from '#edge/contract/video-link'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import { edgeRefusalKey } from '../edge-refusals'
import { PLAYERS, expectedPosition, syncCommands, type PlayerCommand, type PlayerReport } from '../video-players'
import { ModalDialog } from './dialogs'
import { useMeetingContext } from './meeting-context'

/** How often a player is checked against where everyone is (and the clock shown moves on). */
const SYNC_EVERY_MS = 1000
/** The owner's skip buttons. */
const SKIP_MS = 10_000
const PROVIDER_NAMES = { youtube: 'YouTube', vimeo: 'Vimeo' } as const

/** 83 250 ms → "1:23"; an hour or more → "1:02:03". */
export function formatPosition(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000))
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60]
  const pad = (n: number) => String(n).padStart(2, '0')
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`
}

/** The shared video on the presenter stage: its player, kept where the edge says, and the owner's controls. */
export function SharedVideoStage() {
  const { meeting } = useMeetingContext()
  const shared = meeting.state.sharedVideo
  if (!shared) return null
  // A new video (a new key) is a new player.
  return <SharedVideoPlayer key={shared.video.key} video={shared.video} receivedAt={shared.receivedAt} />
}

function SharedVideoPlayer({ video, receivedAt }: { video: SharedVideo; receivedAt: number }) {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const { me, peers } = meeting.state
  const adapter = PLAYERS[video.provider]
  const frame = useRef<HTMLIFrameElement>(null)
  const [src] = useState(() => adapter.src(video.videoId, window.location.origin))
  /** What the player last said, and when (performance.now); `heard` once it said anything. */
  const report = useRef<PlayerReport & { at: number; heard?: boolean }>({ at: 0 })
  const target = useRef({ video, receivedAt })
  target.current = { video, receivedAt }
  const [now, setNow] = useState(() => performance.now())
  const isOwner = video.owner === me.peerId
  const ownerName = isOwner ? me.name : (peers[video.owner]?.name ?? '')
  const position = expectedPosition(video, receivedAt, now)

  /** Until the frame has loaded the player, its window is a blank page of ours: nothing to tell it. */
  const loaded = useRef(false)
  const post = useCallback(
    (message: string) => {
      if (loaded.current) frame.current?.contentWindow?.postMessage(message, adapter.origin)
    },
    [adapter],
  )
  const send = useCallback((command: PlayerCommand) => post(adapter.command(command)), [adapter, post])
  /** Where the player is now, from its last report. */
  const reportedPosition = useCallback(() => {
    const { positionMs, playing, at } = report.current
    return positionMs === undefined ? undefined : positionMs + (playing ? performance.now() - at : 0)
  }, [])
  /** The edge's word, all of it: after the frame loads and after every change the edge sends. */
  const applyAll = useCallback(() => {
    const { video: current, receivedAt: at } = target.current
    send({ type: 'seek', positionMs: expectedPosition(current, at, performance.now()) })
    send({ type: current.state === 'playing' ? 'play' : 'pause' })
    send({ type: current.muted ? 'mute' : 'unmute' })
  }, [send])
  const subscribe = useCallback(() => {
    for (const message of adapter.subscribe()) post(message)
  }, [adapter, post])

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== adapter.origin || event.source !== frame.current?.contentWindow) return
      const heard = adapter.read(event.data)
      if (!heard) return
      report.current = { ...report.current, heard: true }
      if (heard.ready) {
        subscribe()
        applyAll()
      }
      if (heard.playing !== undefined) report.current = { ...report.current, playing: heard.playing }
      if (heard.positionMs !== undefined)
        report.current = { ...report.current, positionMs: heard.positionMs, at: performance.now() }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [adapter, subscribe, applyAll])

  // Every change from the edge (play, pause, seek, mute) is followed at once.
  useEffect(() => {
    applyAll()
  }, [video, receivedAt, applyAll])

  // Between changes, a player that drifted (buffering, a slow start) is moved back in step.
  useEffect(() => {
    const timer = setInterval(() => {
      const { video: current, receivedAt: at } = target.current
      const time = performance.now()
      setNow(time)
      // A player whose script was not listening yet when the frame loaded is asked again, as the providers' own libraries do.
      if (!report.current.heard) subscribe()
      const wanted = { playing: current.state === 'playing', positionMs: expectedPosition(current, at, time) }
      for (const command of syncCommands(wanted, { positionMs: reportedPosition(), playing: report.current.playing }))
        send(command)
    }, SYNC_EVERY_MS)
    return () => clearInterval(timer)
  }, [send, subscribe, reportedPosition])

  const { controlSharedVideo, endSharedVideo } = meeting.actions
  const playing = video.state === 'playing'
  const canEnd = isOwner || me.isHost || me.isCoHost
  const here = () => reportedPosition() ?? expectedPosition(video, receivedAt, performance.now())
  return (
    <section className="meeting-shared-video" aria-label={t('meeting:sharedVideo.region')} data-state={video.state}>
      <div className="meeting-shared-video-frame">
        <iframe
          ref={frame}
          src={src}
          title={t('meeting:sharedVideo.frameTitle', { provider: PROVIDER_NAMES[video.provider] })}
          allow="autoplay; encrypted-media; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          // Nobody operates the player itself (everyone follows the owner's controls below), so the keyboard skips it too.
          tabIndex={-1}
          onLoad={() => {
            loaded.current = true
            subscribe()
            applyAll()
          }}
        />
      </div>
      <div className="meeting-shared-video-bar">
        <p className="meeting-shared-video-owner">
          {isOwner ? t('meeting:sharedVideo.sharedByMe') : t('meeting:sharedVideo.sharedBy', { name: ownerName })}
        </p>
        <p className="meeting-shared-video-status">
          <span aria-live="polite">{t(playing ? 'meeting:sharedVideo.playing' : 'meeting:sharedVideo.paused')}</span>{' '}
          <time className="meeting-shared-video-time">{formatPosition(position)}</time>
        </p>
        {isOwner ? (
          <div className="meeting-shared-video-controls" role="group" aria-label={t('meeting:sharedVideo.controls')}>
            <button
              type="button"
              onClick={() => void controlSharedVideo({ action: 'seek', positionMs: Math.max(0, here() - SKIP_MS) })}
            >
              {t('meeting:sharedVideo.back')}
            </button>
            <button
              type="button"
              onClick={() => void controlSharedVideo({ action: playing ? 'pause' : 'play', positionMs: here() })}
            >
              {t(playing ? 'meeting:sharedVideo.pause' : 'meeting:sharedVideo.play')}
            </button>
            <button
              type="button"
              onClick={() => void controlSharedVideo({ action: 'seek', positionMs: here() + SKIP_MS })}
            >
              {t('meeting:sharedVideo.forward')}
            </button>
            <button
              type="button"
              aria-pressed={video.muted}
              onClick={() => void controlSharedVideo({ action: video.muted ? 'unmute' : 'mute' })}
            >
              {t(video.muted ? 'meeting:sharedVideo.unmute' : 'meeting:sharedVideo.mute')}
            </button>
          </div>
        ) : null}
        {canEnd ? (
          <button type="button" className="meeting-shared-video-end" onClick={() => void endSharedVideo()}>
            {t('meeting:sharedVideo.end')}
          </button>
        ) : null}
      </div>
    </section>
  )
}

/** The link form: checked here first (only YouTube and Vimeo), then by the edge. */
export function SharedVideoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const [failed, setFailed] = useState<TranslationKey | null>(null)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const url = String(new FormData(form).get('url') ?? '')
    if (!parseVideoLink(url)) return setFailed('meeting:sharedVideo.invalidLink')
    try {
      await meeting.actions.startSharedVideo(url)
      setFailed(null)
      form.reset()
      onClose()
    } catch (error) {
      setFailed(edgeRefusalKey(error) ?? 'meeting:sharedVideo.failed')
    }
  }
  return (
    <ModalDialog
      open={open}
      title={t('meeting:sharedVideo.share')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('meeting:sharedVideo.cancel')}
          </button>
          <button type="submit" form="meeting-shared-video-form" className="button button-primary">
            {t('meeting:sharedVideo.send')}
          </button>
        </>
      }
    >
      <form
        id="meeting-shared-video-form"
        className="meeting-poll-form"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <label>
          {t('meeting:sharedVideo.link')}
          <input
            name="url"
            inputMode="url"
            autoComplete="off"
            maxLength={VIDEO_LINK_MAX_LENGTH}
            placeholder="https://www.youtube.com/watch?v=…"
            aria-invalid={failed ? true : undefined}
            aria-describedby={failed ? 'meeting-shared-video-error' : undefined}
            onChange={() => setFailed(null)}
          />
        </label>
        {failed ? (
          <p id="meeting-shared-video-error" role="alert">
            {t(failed)}
          </p>
        ) : null}
      </form>
    </ModalDialog>
  )
}
