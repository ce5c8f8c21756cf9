// The waiting room (issue 14; spec §2 view waitingRoom, §4 Call): the newcomer's side (the room's
// name, call the host, cancel the call, how the call went) and the hosts' side (who is waiting,
// answer or decline with an optional message). A signed-in caller nobody answered may leave the host a message.
import { useState } from 'react'
import { CALL_LIMITS, type Call } from '#edge/contract/protocol'
import { useT } from '#app/lib/i18n/use-t'
import { MESSAGE_MAX_LENGTH } from '#app/lib/messages/message-rules'
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
        {status === 'missed' && !config.me.isGuest ? <LeaveMessage /> : null}
        {meeting.notice?.key === 'failed' ? (
          <p role="alert" className="meeting-error">
            {t('meeting:waitingRoom.failed', { reason: meeting.notice.reason ?? '' })}
          </p>
        ) : null}
      </div>
    </main>
  )
}

/** Nobody answered: a few words for the host, landing in their messages. */
function LeaveMessage() {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const [body, setBody] = useState('')
  const [state, setState] = useState<'editing' | 'sending' | 'sent' | 'failed'>('editing')
  if (state === 'sent') return <p role="status">{t('meeting:waitingRoom.messageSent')}</p>
  return (
    <form
      className="stack meeting-waiting-message"
      onSubmit={(event) => {
        event.preventDefault()
        setState('sending')
        meeting.actions.leaveMessage(body).then(
          (sent) => setState(sent ? 'sent' : 'failed'),
          () => setState('failed'),
        )
      }}
    >
      <label htmlFor="waiting-room-message">{t('meeting:waitingRoom.leaveMessage')}</label>
      <textarea id="waiting-room-message" rows={3} required maxLength={MESSAGE_MAX_LENGTH} value={body} onChange={(event) => setBody(event.target.value)} />
      {state === 'failed' ? (
        <p role="alert" className="meeting-error">
          {t('meeting:waitingRoom.messageFailed')}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button" disabled={state === 'sending' || !body.trim()}>
          {t('meeting:waitingRoom.sendMessage')}
        </button>
      </div>
    </form>
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
