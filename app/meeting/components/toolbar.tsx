import { useEffect, useRef, useState, type RefObject } from 'react'
import { REACTIONS, type Reaction } from '#edge/contract/reactions'
import { shortcutOf } from '../shortcuts'
import { VIEWING_MODES } from '../state'
import { useT } from '#app/lib/i18n/use-t'
import { ConfirmDialog } from './dialogs'
import { Icon } from './icons'
import { useMeetingContext } from './meeting-context'
import { CaptionsDialog } from './captions'
import { PollDialog } from './poll'
import { LiveControl } from './live-control'
import { RecordingControl } from './recording-control'
import { SettingsDialog } from './settings-dialog'
import { SharedVideoDialog } from './shared-video'
import { ShortcutsDialog } from './shortcuts-dialog'
import { StatsDialog } from './stats-dialog'
import { ToolButton } from './tool-button'

/** Each reaction's spoken name (the emoji alone reads badly in screen readers). */
const REACTION_NAMES: Record<Reaction, 'thumbsUp' | 'clap' | 'heart' | 'laugh' | 'surprised' | 'celebrate'> = {
  '👍': 'thumbsUp',
  '👏': 'clap',
  '❤️': 'heart',
  '😂': 'laugh',
  '😮': 'surprised',
  '🎉': 'celebrate',
}

/**
 * The meeting controls (microphone, camera, audio only, screen, chat, settings, stats, viewing mode, full screen,
 * leave; for hosts and co-hosts also polls, breakouts, captions and the meeting log).
 */
export function Toolbar({
  chatOpen,
  onToggleChat,
  onOpenBreakouts,
  onOpenLog,
  fullScreenTarget,
}: {
  chatOpen: boolean
  onToggleChat: () => void
  onOpenBreakouts: () => void
  onOpenLog: () => void
  fullScreenTarget: RefObject<HTMLElement>
}) {
  const { t } = useT()
  const { meeting, config } = useMeetingContext()
  const { me } = meeting.state
  const { actions } = meeting
  const controls = config.settings.controls
  const [leaving, setLeaving] = useState(false)
  const [panel, setPanel] = useState<'settings' | 'stats' | 'poll' | 'video' | 'captions' | 'shortcuts' | null>(null)
  const [fullScreen, setFullScreen] = useState(false)
  const more = useRef<HTMLDetailsElement>(null)
  const reactions = useRef<HTMLDetailsElement>(null)
  const handUp = meeting.state.hands.some((hand) => hand.peerId === me.peerId)
  useEffect(() => {
    const onChange = () => setFullScreen(Boolean(document.fullscreenElement))
    document.addEventListener('fullscreenchange', onChange)
    return () => document.removeEventListener('fullscreenchange', onChange)
  }, [])
  const canShare =
    controls.sharedScreen && typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getDisplayMedia)
  // The latest of what a shortcut does, read by one listener for the toolbar's life.
  const onShortcut = useRef<Record<NonNullable<ReturnType<typeof shortcutOf>>, () => void>>()
  onShortcut.current = {
    toggleMic: () => void actions.toggleMic(),
    toggleCamera: () => void actions.toggleCamera(),
    toggleScreenShare: () => canShare && void actions.toggleScreenShare(),
    toggleHand: () => void actions.toggleHand(),
    toggleChat: () => controls.chat && onToggleChat(),
    help: () => setPanel('shortcuts'),
  }
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = shortcutOf(event)
      if (!action) return
      event.preventDefault()
      onShortcut.current?.[action]()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
  const closeMore = () => more.current?.removeAttribute('open')
  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen()
    else
      void fullScreenTarget.current
        ?.requestFullscreen()
        .catch((error: unknown) => console.warn('full screen refused', error))
  }
  return (
    <>
      <div className="meeting-toolbar" role="toolbar" aria-label={t('meeting:controls.toolbar')}>
        <ToolButton
          icon={me.audioMuted ? 'micOff' : 'mic'}
          label={t(me.audioMuted ? 'meeting:controls.unmuteMic' : 'meeting:controls.muteMic')}
          pressed={me.audioMuted}
          className={me.audioMuted ? 'off' : undefined}
          onClick={() => void actions.toggleMic()}
        />
        <ToolButton
          icon={me.videoMuted ? 'cameraOff' : 'camera'}
          label={t(me.videoMuted ? 'meeting:controls.startCamera' : 'meeting:controls.stopCamera')}
          pressed={me.videoMuted}
          className={me.videoMuted ? 'off' : undefined}
          onClick={() => void actions.toggleCamera()}
        />
        {canShare ? (
          <ToolButton
            icon="screen"
            label={t(me.screenSharing ? 'meeting:controls.stopShare' : 'meeting:controls.shareScreen')}
            pressed={me.screenSharing}
            onClick={() => void actions.toggleScreenShare()}
          />
        ) : null}
        <ToolButton
          icon="hand"
          label={t(handUp ? 'meeting:hands.lower' : 'meeting:hands.raise')}
          pressed={handUp}
          className={handUp ? 'raised' : undefined}
          onClick={() => void actions.toggleHand()}
        />
        <details ref={reactions} className="meeting-more-menu meeting-reactions-menu">
          <summary className="meeting-tool">
            <Icon name="react" />
            <span className="meeting-tool-label">{t('meeting:reactions.open')}</span>
          </summary>
          <div className="meeting-menu meeting-reaction-picker" role="group" aria-label={t('meeting:reactions.open')}>
            {REACTIONS.map((emoji) => (
              <button
                key={emoji}
                type="button"
                aria-label={t(`meeting:reactions.names.${REACTION_NAMES[emoji]}`)}
                title={t(`meeting:reactions.names.${REACTION_NAMES[emoji]}`)}
                onClick={() => {
                  reactions.current?.removeAttribute('open')
                  void actions.react(emoji)
                }}
              >
                {emoji}
              </button>
            ))}
          </div>
        </details>
        <RecordingControl />
        <LiveControl />
        {controls.chat ? (
          <ToolButton icon="chat" label={t('meeting:controls.chat')} pressed={chatOpen} onClick={onToggleChat} />
        ) : null}
        <details ref={more} className="meeting-more-menu">
          <summary className="meeting-tool">
            <Icon name="more" />
            <span className="meeting-tool-label">{t('meeting:controls.more')}</span>
          </summary>
          <div className="meeting-menu">
            <button
              type="button"
              aria-pressed={me.audioOnly}
              onClick={() => {
                closeMore()
                void actions.toggleAudioOnly()
              }}
            >
              {t(me.audioOnly ? 'meeting:controls.showVideo' : 'meeting:controls.audioOnly')}
            </button>
            {config.me.isHost || config.me.isCoHost ? (
              <button
                type="button"
                onClick={() => {
                  closeMore()
                  void actions.setLocked(!config.room.locked)
                }}
              >
                {t(config.room.locked ? 'meeting:door.unlock' : 'meeting:door.lock')}
              </button>
            ) : null}
            {controls.viewingMode ? (
              <fieldset>
                <legend>{t('meeting:controls.viewingMode')}</legend>
                {VIEWING_MODES.filter(
                  (mode) => mode !== 'presenter' || meeting.state.screenShareId || meeting.state.sharedVideo,
                ).map((mode) => (
                  <label key={mode}>
                    <input
                      type="radio"
                      name="viewing-mode"
                      value={mode}
                      checked={meeting.state.viewingMode === mode}
                      onChange={() => {
                        closeMore()
                        actions.setViewingMode(mode)
                      }}
                    />
                    {t(`meeting:modes.${mode}`)}
                  </label>
                ))}
              </fieldset>
            ) : null}
            {controls.settings ? (
              <button
                type="button"
                onClick={() => {
                  closeMore()
                  setPanel('settings')
                }}
              >
                {t('meeting:controls.settings')}
              </button>
            ) : null}
            {controls.sharedVideo && !meeting.state.sharedVideo ? (
              <button
                type="button"
                onClick={() => {
                  closeMore()
                  setPanel('video')
                }}
              >
                {t('meeting:sharedVideo.share')}
              </button>
            ) : null}
            {me.isHost || me.isCoHost ? (
              <button
                type="button"
                onClick={() => {
                  closeMore()
                  setPanel('poll')
                }}
              >
                {t('meeting:polls.ask')}
              </button>
            ) : null}
            {me.isHost || me.isCoHost ? (
              <button
                type="button"
                onClick={() => {
                  closeMore()
                  onOpenBreakouts()
                }}
              >
                {t('meeting:breakouts.open')}
              </button>
            ) : null}
            {me.isHost || me.isCoHost ? (
              <button
                type="button"
                onClick={() => {
                  closeMore()
                  onOpenLog()
                }}
              >
                {t('meeting:log.open')}
              </button>
            ) : null}
            {(me.isHost || me.isCoHost) && controls.closedCaption ? (
              <button
                type="button"
                onClick={() => {
                  closeMore()
                  setPanel('captions')
                }}
              >
                {t(meeting.state.captions.on ? 'meeting:captions.manage' : 'meeting:captions.open')}
              </button>
            ) : null}
            <button
              type="button"
              onClick={() => {
                closeMore()
                setPanel('stats')
              }}
            >
              {t('meeting:controls.stats')}
            </button>
            <button
              type="button"
              aria-keyshortcuts="?"
              onClick={() => {
                closeMore()
                setPanel('shortcuts')
              }}
            >
              {t('meeting:shortcuts.title')}
            </button>
            {controls.fullScreen ? (
              <button
                type="button"
                onClick={() => {
                  closeMore()
                  toggleFullScreen()
                }}
              >
                {t(fullScreen ? 'meeting:controls.exitFullScreen' : 'meeting:controls.fullScreen')}
              </button>
            ) : null}
          </div>
        </details>
        <ToolButton
          icon="leave"
          label={t('meeting:controls.leave')}
          className="danger"
          onClick={() => setLeaving(true)}
        />
      </div>
      <ConfirmDialog
        open={leaving}
        title={t('meeting:leave.title')}
        confirmLabel={t('meeting:leave.confirm')}
        cancelLabel={t('meeting:leave.cancel')}
        danger
        onClose={() => setLeaving(false)}
        onConfirm={() => void actions.leave()}
      >
        <p>{t('meeting:leave.message')}</p>
      </ConfirmDialog>
      <SettingsDialog open={panel === 'settings'} onClose={() => setPanel(null)} />
      <StatsDialog open={panel === 'stats'} onClose={() => setPanel(null)} />
      <ShortcutsDialog open={panel === 'shortcuts'} onClose={() => setPanel(null)} />
      {me.isHost || me.isCoHost ? <PollDialog open={panel === 'poll'} onClose={() => setPanel(null)} /> : null}
      {controls.sharedVideo ? <SharedVideoDialog open={panel === 'video'} onClose={() => setPanel(null)} /> : null}
      {(me.isHost || me.isCoHost) && controls.closedCaption ? (
        <CaptionsDialog open={panel === 'captions'} onClose={() => setPanel(null)} />
      ) : null}
    </>
  )
}
