// The waiting room (docs/meetings.md#waiting-room-and-calls): the newcomer's side (the room's
// name, call the host, cancel the call, how the call went) and the hosts' side (who is waiting,
// answer or decline with an optional message). A caller the host did not take (missed or
// declined), signed in or a guest, may leave the host a message in text or on video.
import { useRef, useState } from 'react'
import { CALL_LIMITS } from '#edge/contract/protocol'
import { GUEST_NAME_MAX } from '#edge/contract/peers'
import type { Call } from '#edge/contract/calls'
import { Field } from '#app/components/field'
import { VideoRecorder } from '#app/components/video-recorder'
import { CALLER_COMPANY_MAX, CALLER_NAME_MAX, CALLER_PHONE_MAX } from '#app/lib/calls/call-message.schema'
import { useT } from '#app/lib/i18n/use-t'
import { MESSAGE_MAX_LENGTH, VIDEO_MESSAGE_MAX_BYTES, VIDEO_MESSAGE_TYPES } from '#app/lib/messages/message-rules'
import type { LeaveMessageResult } from '../use-meeting'
import { useMeetingContext } from './meeting-context'

/** Where a refused newcomer waits: the room's name, and a call to its hosts. */
export function WaitingRoomView() {
  const { t } = useT()
  const { meeting, config } = useMeetingContext()
  const call = meeting.state.myCall
  const status = call?.status ?? null
  // A guest says who is calling: the name starts empty rather than the community's word for a guest.
  const [guestName, setGuestName] = useState(meeting.state.me.name === config.me.name ? '' : meeting.state.me.name)
  const nameMissing = config.me.isGuest && guestName.trim() === ''
  return (
    <main id="main" className="meeting-home meeting-waiting">
      <div className="card meeting-home-card">
        <p className="eyebrow">{t('meeting:waitingRoom.eyebrow')}</p>
        <h1>{config.room.name}</h1>
        <p>{t(config.room.locked ? 'meeting:door.lockedKnock' : 'meeting:waitingRoom.lead')}</p>
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
          <>
            {config.me.isGuest ? (
              <div className="field">
                <label htmlFor="waiting-name">{t('meeting:mirror.name')}</label>
                <input
                  id="waiting-name"
                  value={guestName}
                  maxLength={GUEST_NAME_MAX}
                  autoComplete="name"
                  aria-describedby="waiting-name-hint"
                  onChange={(event) => setGuestName(event.target.value)}
                />
                <p id="waiting-name-hint" className="hint">
                  {t('meeting:waitingRoom.nameHint')}
                </p>
              </div>
            ) : null}
            <button
              type="button"
              className="button button-primary"
              disabled={nameMissing}
              onClick={() => void meeting.actions.callHost(config.me.isGuest ? guestName.trim() : undefined)}
            >
              {status ? t('meeting:waitingRoom.callAgain') : t('meeting:waitingRoom.call')}
            </button>
          </>
        )}
        {status === 'missed' || status === 'declined' ? (
          <LeaveMessage
            guest={config.me.isGuest}
            personal={Boolean(config.room.personal)}
            name={meeting.state.me.name}
          />
        ) : null}
        {meeting.notice?.key === 'failed' ? (
          <p role="alert" className="meeting-error">
            {t('meeting:waitingRoom.failed', { reason: meeting.notice.reason ?? '' })}
          </p>
        ) : null}
      </div>
    </main>
  )
}

type Sending = { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent' }

/** What a refusal says above the form when it is about no one field. */
function refusalText(t: ReturnType<typeof useT>['t'], result: LeaveMessageResult): string {
  if (result.status === 409)
    return result.error === 'host unreachable'
      ? t('meeting:callMessage.errors.hostUnreachable')
      : t('meeting:callMessage.errors.notMissed')
  if (result.status === 429)
    return t('meeting:callMessage.errors.tooMany', { minutes: Math.max(1, Math.ceil(result.retryAfterSeconds / 60)) })
  if (result.status === 413) return t('messages:errors.videoTooLarge')
  return t('messages:errors.sendFailed')
}

/**
 * The host did not take the call (missed or declined): a message for them, in text, on video or
 * both, landing in their messages (in a personal room, by mail or SMS: the room's host is no
 * member of the main brand). A guest also gives their full name, their company if they like,
 * and a mobile phone, where the host's answer reaches them. The video is a file input the
 * recorder fills (the "video record dialog": record, stop, watch, record again), sent with the form
 * as multipart; the server checks it by its content like every message video.
 */
function LeaveMessage({ guest, personal, name }: { guest: boolean; personal: boolean; name: string }) {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const video = useRef<HTMLInputElement>(null)
  const [sending, setSending] = useState<Sending>({ kind: 'editing' })
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  if (sending.kind === 'sent')
    return <p role="status">{t(personal ? 'meeting:callMessage.personalSent' : 'meeting:callMessage.sent')}</p>
  const field = (key: string) => (errors[key]?.length ? errors[key] : undefined)
  return (
    <form
      className="stack meeting-waiting-message"
      aria-labelledby="waiting-room-message-title"
      // The server's checks, in the form's words, are the ones that count (the meeting needs JavaScript anyway).
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setSending({ kind: 'sending' })
        setRefusal(null)
        void meeting.actions.leaveMessage(new FormData(event.currentTarget)).then((result) => {
          if (result.status === 200) return setSending({ kind: 'sent' })
          const fieldErrors = result.status === 400 ? result.fieldErrors : {}
          setErrors(fieldErrors)
          // A 400 whose errors belong to no field here (the host can no longer be written to) reads as a failure to send.
          const shown = Object.keys(fieldErrors).some((key) => FIELDS.has(key))
          setRefusal(shown ? null : refusalText(t, result))
          setSending({ kind: 'editing' })
        })
      }}
    >
      <h2 id="waiting-room-message-title">{t('meeting:callMessage.title')}</h2>
      <p>{t(personal ? 'meeting:callMessage.personalLead' : 'meeting:callMessage.lead')}</p>
      {personal && !guest ? <p>{t('meeting:callMessage.personalMemberLead')}</p> : null}
      {guest ? (
        <>
          <p>{t('meeting:callMessage.guestLead')}</p>
          <Field label={t('meeting:callMessage.fullName')} errors={field('fullName')}>
            {/* The name given at the door, when it already is a first and last name. */}
            <input
              id="call-message-name"
              name="fullName"
              type="text"
              autoComplete="name"
              maxLength={CALLER_NAME_MAX}
              defaultValue={name.trim().includes(' ') ? name : ''}
            />
          </Field>
          <Field label={t('meeting:callMessage.company')} errors={field('company')}>
            <input
              id="call-message-company"
              name="company"
              type="text"
              autoComplete="organization"
              maxLength={CALLER_COMPANY_MAX}
            />
          </Field>
          <Field label={t('meeting:callMessage.phone')} errors={field('phone')}>
            <input
              id="call-message-phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={CALLER_PHONE_MAX}
              aria-describedby="call-message-phone-hint"
            />
          </Field>
          <p id="call-message-phone-hint" className="hint">
            {t('meeting:callMessage.phoneHint')}
          </p>
        </>
      ) : null}
      <Field label={t('meeting:callMessage.body')} errors={field('body')}>
        <textarea id="call-message-body" name="body" rows={3} maxLength={MESSAGE_MAX_LENGTH} />
      </Field>
      <Field label={t('meeting:callMessage.video')} errors={field('video')}>
        <input ref={video} id="call-message-video" name="video" type="file" accept={VIDEO_MESSAGE_TYPES.join(',')} />
      </Field>
      <p className="hint">{t('meeting:callMessage.videoHint', { size: VIDEO_MESSAGE_MAX_BYTES / (1024 * 1024) })}</p>
      <VideoRecorder input={video} maxBytes={VIDEO_MESSAGE_MAX_BYTES} />
      {refusal ? (
        <p role="alert" className="meeting-error">
          {refusal}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button button-primary" disabled={sending.kind === 'sending'}>
          {sending.kind === 'sending' ? t('meeting:callMessage.sending') : t('meeting:callMessage.send')}
        </button>
      </div>
    </form>
  )
}

/** The fields the form shows errors beside. */
const FIELDS = new Set(['fullName', 'company', 'phone', 'body', 'video'])

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
        <input
          id={inputId}
          value={message}
          maxLength={CALL_LIMITS.message}
          placeholder={t('meeting:waitingRoom.messagePlaceholder')}
          onChange={(event) => setMessage(event.target.value)}
        />
        <button type="submit" aria-label={t('meeting:waitingRoom.declineFor', { name: call.callerName })}>
          {t('meeting:waitingRoom.decline')}
        </button>
      </form>
    </li>
  )
}
