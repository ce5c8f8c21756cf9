import { useEffect, useRef, useState } from 'react'
import { recordingActive, stagePeerId, visiblePeers } from '../derived'
import { tileLayout } from '../layout'
import type { PeerState } from '../state'
import { useT } from '#app/lib/i18n/use-t'
import { BreakoutBadge, BreakoutPanel } from './breakout-panel'
import { CaptionsOverlay } from './captions'
import { ChatPanel } from './chat-panel'
import { MeetingLogPanel } from './meeting-log-panel'
import { HandQueuePanel } from './hand-marks'
import { PollPanel } from './poll'
import { EventSlotsBar, TalkTimerToast } from './event-slots'
import { LocalTile, RemoteTile, ScreenStage } from './peer-tile'
import { SharedVideoStage } from './shared-video'
import { useMeetingContext } from './meeting-context'
import { Toolbar } from './toolbar'
import { WaitingCallers } from './waiting-room'

function useSize<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  const [size, setSize] = useState({ width: 0, height: 0 })
  useEffect(() => {
    const element = ref.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: Math.floor(entry.contentRect.width), height: Math.floor(entry.contentRect.height) })
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, size] as const
}

/** The meeting itself: the stage in the current viewing mode, the chat, and the toolbar. */
export function MeetingView() {
  const { t } = useT()
  const { meeting, config } = useMeetingContext()
  const { state } = meeting
  // One drawer at a time: the chat, or the hosts' breakout rooms or meeting log.
  const [drawer, setDrawer] = useState<'chat' | 'breakouts' | 'log' | null>(null)
  const chatOpen = drawer === 'chat'
  const container = useRef<HTMLDivElement>(null)
  const peers = visiblePeers(state)
  const mode =
    state.viewingMode === 'presenter' && !state.screenShareId && !state.sharedVideo
      ? state.defaultViews.desktop
      : state.viewingMode
  return (
    <div ref={container} className="meeting-room" data-viewing-mode={mode}>
      <main id="main" className="meeting-main">
        <h1 className="visually-hidden">{config.room.name}</h1>
        <BreakoutBadge />
        {recordingActive(state) ? <p className="meeting-recording">{t('meeting:peer.recording')}</p> : null}
        {config.room.locked ? <p className="meeting-locked">{t('meeting:door.lockedMark')}</p> : null}
        {state.live.state === 'joined' ? (
          <p className="meeting-live" role="status" aria-label={t('meeting:liveStream.markLabel')}>
            {t('meeting:liveStream.mark')}
            {state.viewerCount !== null ? (
              <span className="meeting-live-viewers">
                {' '}
                · {t('meeting:liveStream.viewers', { count: state.viewerCount })}
              </span>
            ) : null}
          </p>
        ) : state.live.state === 'pausing' ? (
          <p
            className="meeting-live meeting-live-paused"
            role="status"
            aria-label={t('meeting:liveStream.markPausedLabel')}
          >
            {t('meeting:liveStream.markPaused')}
          </p>
        ) : null}
        {mode === 'tiles' ? (
          <TilesStage peers={peers} />
        ) : (
          <SpotlightStage peers={peers} presenter={mode === 'presenter'} />
        )}
        <HandQueuePanel />
        <PollPanel />
        <EventSlotsBar />
        <TalkTimerToast />
        <CaptionsOverlay />
        <WaitingCallers />
      </main>
      {chatOpen ? <ChatPanel onClose={() => setDrawer(null)} /> : null}
      {drawer === 'breakouts' ? <BreakoutPanel onClose={() => setDrawer(null)} /> : null}
      {drawer === 'log' ? <MeetingLogPanel onClose={() => setDrawer(null)} /> : null}
      <Toolbar
        chatOpen={chatOpen}
        onToggleChat={() => setDrawer((open) => (open === 'chat' ? null : 'chat'))}
        onOpenBreakouts={() => setDrawer('breakouts')}
        onOpenLog={() => setDrawer('log')}
        fullScreenTarget={container}
      />
    </div>
  )
}

function TilesStage({ peers }: { peers: PeerState[] }) {
  const { t } = useT()
  const { config } = useMeetingContext()
  const [ref, size] = useSize<HTMLDivElement>()
  const layout = tileLayout(size.width, size.height, peers.length + 1, {
    max: config.settings.peersMax,
    minSize: config.settings.peersMinSize,
  })
  // Me first, then the others, the pinned one leading.
  const ordered = [...peers].sort((a, b) => Number(b.pinned) - Number(a.pinned))
  const shownOthers = ordered.slice(0, Math.max(0, layout.shown - 1))
  const tileStyle = layout.tileWidth ? { width: layout.tileWidth, height: layout.tileHeight } : undefined
  return (
    <div ref={ref} className="meeting-tiles">
      <LocalTile style={tileStyle} />
      {shownOthers.map((peer) => (
        <RemoteTile key={peer.id} peer={peer} style={tileStyle} />
      ))}
      {layout.hidden > 0 ? <p className="meeting-more">{t('meeting:peer.more', { count: layout.hidden })}</p> : null}
      {peers.length === 0 ? <p className="meeting-alone">{t('meeting:peer.alone')}</p> : null}
    </div>
  )
}

/** Primary speaker (one peer on stage) and presenter (the shared screen on stage), with a filmstrip. */
function SpotlightStage({ peers, presenter }: { peers: PeerState[]; presenter: boolean }) {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const { state } = meeting
  const stageId = presenter ? null : stagePeerId(state)
  const stagePeer = stageId ? peers.find((peer) => peer.id === stageId) : undefined
  const strip = peers.filter((peer) => peer.id !== stagePeer?.id)
  return (
    <div className="meeting-spotlight">
      <div className="meeting-stage">
        {presenter && state.sharedVideo ? (
          <SharedVideoStage />
        ) : presenter && state.screenShareId ? (
          <ScreenStage peerId={state.screenShareId} />
        ) : stagePeer ? (
          <RemoteTile peer={stagePeer} />
        ) : (
          <LocalTile />
        )}
      </div>
      <div className="meeting-strip" role="list">
        {presenter || stagePeer ? (
          <div role="listitem">
            <LocalTile />
          </div>
        ) : null}
        {strip.map((peer) => (
          <div role="listitem" key={peer.id}>
            <RemoteTile peer={peer} />
          </div>
        ))}
      </div>
      {peers.length === 0 && !presenter ? <p className="meeting-alone">{t('meeting:peer.alone')}</p> : null}
    </div>
  )
}
