// The waiting room (issue 14; spec §2 view waitingRoom, §4 Call): the newcomer's side (the room's
// name, call the host, cancel the call, how the call went) and the hosts' side (who is waiting,
// answer or decline with an optional message).
import { useState } from 'react'
import { CALL_LIMITS, type Call } from '#edge/contract/protocol'
import { useT } from '#app/lib/i18n/use-t'
import { useMeetingContext } from './meeting-context'

/** Where a refused newcomer waits: the room's name, and a call to its hosts. */
export function WaitingRoomView() {
  const { t } = useT()
  const { meeting, config } = useMeetingContext()
  const call = meeting.state.myCall
  const status = call?.status ?? null
  return (
    <main id="main" className="meeting-home meeting-waiting">
      <div className="card meeting-home-card">
        <p className="eyebrow">{t('meeting:waitingRoom.eyebrow')}</p>
        <h1>{config.room.name}</h1>
        <p>{t('meeting:waitingRoom.lead')}</p>
        <p role="status" className="meeting-waiting-status">
          {status === 'calling'
            ? t('meeting:waitingRoom.calling')
            : status === 'answered'
              ? t('meeting:waitingRoom.answered')
              : status === 'declined'
                ? call?.message
                  ? t('meeting:waitingRoom.declinedWith', { message: call.message })
                  : t('meeting:waitingRoom.declined')
                : status === 'missed'
                  ? t('meeting:waitingRoom.missed')
                  : status === 'cancelled'
                    ? t('meeting:waitingRoom.cancelled')
                    : null}
        </p>
        {status === 'calling' ? (
          <button type="button" className="button" onClick={() => void meeting.actions.cancelCall(call!.id)}>
            {t('meeting:waitingRoom.cancel')}
          </button>
        ) : status === 'answered' ? null : (
          <button type="button" className="button button-primary" onClick={() => void meeting.actions.callHost()}>
            {status ? t('meeting:waitingRoom.callAgain') : t('meeting:waitingRoom.call')}
          </button>
        )}
        {meeting.notice?.key === 'failed' ? (
          <p role="alert" className="meeting-error">
            {t('meeting:waitingRoom.failed', { reason: meeting.notice.reason ?? '' })}
          </p>
        ) : null}
      </div>
    </main>
  )
}

/** The hosts' and co-hosts' list of who is calling from the waiting room, oldest first. */
export function WaitingCallers() {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const { me, calls } = meeting.state
  if (!(me.isHost || me.isCoHost) || calls.length === 0) return null
  return (
    <aside className="meeting-callers" aria-labelledby="meeting-callers-title">
      <h2 id="meeting-callers-title">{t('meeting:waitingRoom.waiting', { count: calls.length })}</h2>
      <ul>
        {calls.map((call) => (
          <Caller key={call.id} call={call} />
        ))}
      </ul>
    </aside>
  )
}

function Caller({ call }: { call: Call }) {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const [message, setMessage] = useState('')
  const inputId = `decline-message-${call.id}`
  return (
    <li>
      <span className="meeting-callers-name">{call.callerName}</span>
      <button
        type="button"
        className="meeting-callers-answer"
        aria-label={t('meeting:waitingRoom.answerFor', { name: call.callerName })}
        onClick={() => void meeting.actions.answerCall(call.id)}
      >
        {t('meeting:waitingRoom.answer')}
      </button>
      <form
        className="meeting-callers-decline"
        onSubmit={(event) => {
          event.preventDefault()
          void meeting.actions.declineCall(call.id, message)
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {t('meeting:waitingRoom.message', { name: call.callerName })}
        </label>
        <input id={inputId} value={message} maxLength={CALL_LIMITS.message} placeholder={t('meeting:waitingRoom.messagePlaceholder')} onChange={(event) => setMessage(event.target.value)} />
        <button type="submit" aria-label={t('meeting:waitingRoom.declineFor', { name: call.callerName })}>
          {t('meeting:waitingRoom.decline')}
        </button>
      </form>
    </li>
  )
}
