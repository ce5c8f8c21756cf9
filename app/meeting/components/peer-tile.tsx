import { useEffect, useRef, useState } from 'react'
import type { MediaSource } from '#edge/contract/media'
import { WEBCAM_LAYER_WIDTHS, preferredSpatialLayer } from '../layers'
import type { PeerState } from '../state'
import { useT } from '#app/lib/i18n/use-t'
import { ConfirmDialog } from './dialogs'
import { TileMarks } from './hand-marks'
import { Icon } from './icons'
import { TrackVideo } from './media-element'
import { useMeetingContext, usePeerMedia } from './meeting-context'

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('')
}

function Placeholder({ name, avatar }: { name: string; avatar: string | null }) {
  return (
    <div className="meeting-tile-placeholder">
      {avatar ? (
        <img src={avatar} alt="" className="meeting-avatar meeting-avatar-large" />
      ) : (
        <span aria-hidden="true">{initials(name) || '?'}</span>
      )}
    </div>
  )
}

/** Asks the edge for the layer this tile's width needs, when that changes. */
function usePreferredLayer(peerId: string, source: MediaSource, consumerId: string | undefined) {
  const { meeting } = useMeetingContext()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = ref.current
    const session = meeting.session
    if (!element || !session || !consumerId || typeof ResizeObserver === 'undefined') return
    let current = -1
    const observer = new ResizeObserver(([entry]) => {
      const layer = preferredSpatialLayer({
        tileWidth: entry?.contentRect.width ?? 0,
        devicePixelRatio: window.devicePixelRatio || 1,
        screenWidth: window.innerWidth,
        layerWidths: WEBCAM_LAYER_WIDTHS,
      })
      if (layer !== current) {
        current = layer
        session.setPreferredLayer(peerId, source, layer)
      }
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [meeting.session, peerId, source, consumerId])
  return ref
}

export function RemoteTile({ peer, style }: { peer: PeerState; style?: React.CSSProperties }) {
  const { t } = useT()
  const { meeting, config } = useMeetingContext()
  const media = usePeerMedia(peer.id)
  const webcam = media.webcam
  const ref = usePreferredLayer(peer.id, 'webcam', webcam?.consumerId)
  const [confirmKick, setConfirmKick] = useState(false)
  const showVideo = webcam && !webcam.paused && !peer.videoMuted && !meeting.state.me.audioOnly
  const { canKick, canMute } = meeting.state.me
  return (
    <div
      ref={ref}
      className={`meeting-tile${peer.speaking ? ' speaking' : ''}${peer.pinned ? ' pinned' : ''}`}
      style={style}
      data-peer-id={peer.id}
      aria-label={peer.name}
    >
      {showVideo ? (
        <TrackVideo track={webcam.track} label={peer.name} data-peer-id={peer.id} data-source="webcam" />
      ) : (
        <Placeholder name={peer.name} avatar={peer.avatar} />
      )}
      <TileMarks peerId={peer.id} name={peer.name} />
      {config.settings.displayNameplates ? (
        <div className="meeting-nameplate">
          {peer.audioMuted ? (
            <span className="meeting-muted" role="img" aria-label={t('meeting:peer.muted')}>
              <Icon name="micOff" />
            </span>
          ) : null}
          <span className="meeting-name">{peer.name}</span>
          {peer.guest ? <span className="meeting-guest">{t('meeting:edgeLimits.guest')}</span> : null}
          {peer.isHost ? (
            <span className="meeting-badge">{t('meeting:peer.host')}</span>
          ) : peer.isCoHost ? (
            <span className="meeting-badge">{t('meeting:peer.coHost')}</span>
          ) : null}
        </div>
      ) : null}
      <div className="meeting-tile-actions">
        <button
          type="button"
          className="meeting-tile-button"
          aria-pressed={peer.pinned}
          aria-label={t(peer.pinned ? 'meeting:peer.unpin' : 'meeting:peer.pin', { name: peer.name })}
          title={t(peer.pinned ? 'meeting:peer.unpin' : 'meeting:peer.pin', { name: peer.name })}
          onClick={() => meeting.actions.togglePin(peer.id)}
        >
          <Icon name="pin" />
        </button>
        {canMute && !peer.audioMuted ? (
          <button
            type="button"
            className="meeting-tile-button"
            aria-label={t('meeting:peer.mute', { name: peer.name })}
            title={t('meeting:peer.mute', { name: peer.name })}
            onClick={() => void meeting.actions.mute(peer.id)}
          >
            <Icon name="micOff" />
          </button>
        ) : null}
        {canKick ? (
          <button
            type="button"
            className="meeting-tile-button danger"
            aria-label={t('meeting:peer.kick', { name: peer.name })}
            title={t('meeting:peer.kick', { name: peer.name })}
            onClick={() => setConfirmKick(true)}
          >
            <Icon name="remove" />
          </button>
        ) : null}
      </div>
      {canKick ? (
        <ConfirmDialog
          open={confirmKick}
          title={t('meeting:peer.kickConfirm', { name: peer.name })}
          confirmLabel={t('meeting:peer.kick', { name: peer.name })}
          cancelLabel={t('meeting:leave.cancel')}
          danger
          onClose={() => setConfirmKick(false)}
          onConfirm={() => {
            setConfirmKick(false)
            void meeting.actions.kick(peer.id)
          }}
        />
      ) : null}
    </div>
  )
}

export function LocalTile({ style }: { style?: React.CSSProperties }) {
  const { t } = useT()
  const { meeting, config } = useMeetingContext()
  const { me } = meeting.state
  const camera = meeting.local.camera
  return (
    <div className="meeting-tile meeting-tile-me" style={style} aria-label={t('meeting:peer.you', { name: me.name })}>
      {camera && !me.videoMuted ? (
        <TrackVideo
          track={camera}
          mirrored={config.settings.mirrorOwnVideo}
          label={t('meeting:peer.you', { name: me.name })}
          data-source="local"
        />
      ) : (
        <Placeholder name={me.name} avatar={me.avatar} />
      )}
      <TileMarks peerId={me.peerId} name={t('meeting:peer.you', { name: me.name })} />
      <div className="meeting-nameplate">
        {me.audioMuted ? (
          <span className="meeting-muted" role="img" aria-label={t('meeting:peer.muted')} data-testid="my-mic-muted">
            <Icon name="micOff" />
          </span>
        ) : null}
        <span className="meeting-name">{t('meeting:peer.you', { name: me.name })}</span>
      </div>
    </div>
  )
}

/** A shared screen on the presenter stage: someone else's, or my own. */
export function ScreenStage({ peerId }: { peerId: string }) {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const media = usePeerMedia(peerId)
  const isMe = peerId === meeting.state.me.peerId
  const track = isMe ? meeting.local.screen : media.screen?.track
  const name = isMe ? meeting.state.me.name : (meeting.state.peers[peerId]?.name ?? '')
  const label = t('meeting:peer.screen', { name })
  // Whoever may mute the presenter may stop their share (the edge decides again).
  const mayStop = !isMe && meeting.state.me.canMute
  return (
    <div className="meeting-screen" aria-label={label}>
      {track ? (
        <TrackVideo track={track} label={label} data-peer-id={peerId} data-source="screen" className="contain" />
      ) : (
        <p>{label}</p>
      )}
      {mayStop ? (
        <div className="meeting-tile-actions">
          <button
            type="button"
            className="meeting-tile-button danger"
            aria-label={t('meeting:peer.stopShare', { name })}
            title={t('meeting:peer.stopShare', { name })}
            onClick={() => void meeting.actions.disableShare(peerId)}
          >
            <Icon name="screen" />
          </button>
        </div>
      ) : null}
    </div>
  )
}
