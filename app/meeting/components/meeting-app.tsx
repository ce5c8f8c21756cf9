import { useT } from '#app/lib/i18n/use-t'
import { useMeeting, type MeetingConfig } from '../use-meeting'
import { BreakoutMoveView } from './breakout-move'
import { ConnectionBanner } from './connection-banner'
import { NoticeStack } from './notice-stack'
import { HomeView } from './home-view'
import { TrackAudio } from './media-element'
import { MeetingContext, useMeetingContext, usePeerMedia } from './meeting-context'
import { MeetingView } from './meeting-view'
import { MirrorCheck } from './mirror-check'
import { WaitingRoomView } from './waiting-room'

/** The meeting client: home, device check and meeting views over one controller. */
export function MeetingApp({ config }: { config: MeetingConfig }) {
  const meeting = useMeeting(config)
  const { view } = meeting.state
  return (
    <MeetingContext.Provider value={{ meeting, config }}>
      <div className="meeting-app" data-view={view}>
        <NoticeStack>
          {meeting.fatal === 'unreachable' ? (
            <Unreachable />
          ) : view === 'home' ? (
            <HomeView />
          ) : view === 'mirrorCheck' ? (
            <MirrorCheck />
          ) : view === 'waitingRoom' ? (
            <WaitingRoomView />
          ) : view === 'meeting' ? (
            <MeetingView />
          ) : (
            <BreakoutMoveView />
          )}
          <ConnectionBanner />
          <RemoteAudio />
        </NoticeStack>
      </div>
    </MeetingContext.Provider>
  )
}

/** Everyone's microphone plays whatever the view shows, through the chosen speakers. */
function RemoteAudio() {
  const { meeting } = useMeetingContext()
  if (!meeting.state.me.visible) return null
  return (
    <div hidden>
      {Object.keys(meeting.state.peers).map((peerId) => (
        <PeerAudio key={peerId} peerId={peerId} />
      ))}
    </div>
  )
}

function PeerAudio({ peerId }: { peerId: string }) {
  const { meeting } = useMeetingContext()
  const mic = usePeerMedia(peerId).mic
  return mic ? <TrackAudio track={mic.track} sinkId={meeting.choices.speakerId} data-peer-id={peerId} /> : null
}

function Unreachable() {
  const { t } = useT()
  return (
    <main id="main" className="status-page">
      <div className="card status-card">
        <h1>{t('meeting:connection.unreachableTitle')}</h1>
        <p>{t('meeting:connection.unreachableMessage')}</p>
        <div className="status-actions">
          <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
            {t('meeting:connection.retry')}
          </button>
        </div>
      </div>
    </main>
  )
}
