import { useEffect, useRef, useState, type FormEvent } from 'react'
import { CHAT_MAX_LENGTH } from '#edge/contract/chat'
import { FORMAT_LOCALES, type TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import { edgeRefusalKey } from '../edge-refusals'
import { useMeetingContext } from './meeting-context'
import { MeetingDrawer } from './meeting-drawer'

/** In-meeting chat: the stored history the edge handed over at join, then live messages. */
export function ChatPanel({ onClose }: { onClose: () => void }) {
  const { t, language } = useT()
  const { meeting } = useMeetingContext()
  const [text, setText] = useState('')
  const [failed, setFailed] = useState<TranslationKey | null>(null)
  const [sending, setSending] = useState(false)
  const list = useRef<HTMLOListElement>(null)
  const messages = meeting.state.chat
  // The chat only renders in the browser, so the viewer's own time zone is the right one.
  const time = new Intl.DateTimeFormat(FORMAT_LOCALES[language], { hour: 'numeric', minute: '2-digit' })
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'end' })
  }, [messages.length])
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const message = text.trim()
    if (!message || sending) return
    setSending(true)
    try {
      await meeting.actions.sendChat(message)
      setText('')
      setFailed(null)
    } catch (error) {
      // What was typed stays in the box, to send again.
      setFailed(edgeRefusalKey(error) ?? 'meeting:chat.failed')
    } finally {
      setSending(false)
    }
  }
  return (
    <MeetingDrawer name="chat" title={t('meeting:chat.title')} closeLabel={t('meeting:chat.close')} onClose={onClose}>
      {messages.length === 0 ? <p>{t('meeting:chat.empty')}</p> : null}
      <ol ref={list} className="meeting-chat-list" aria-live="polite">
        {messages.map((message) => (
          <li key={message.id}>
            <strong>{message.name}</strong>
            {message.guest ? <span className="meeting-guest"> {t('meeting:edgeLimits.guest')}</span> : null}{' '}
            <time dateTime={message.sentAt}>{time.format(new Date(message.sentAt))}</time>
            <p>{message.text}</p>
          </li>
        ))}
      </ol>
      {failed ? (
        <p role="alert" className="meeting-error">
          {t(failed)}
        </p>
      ) : null}
      <form className="meeting-chat-form" onSubmit={submit}>
        <label htmlFor="meeting-chat-input" className="visually-hidden">
          {t('meeting:chat.message')}
        </label>
        <input
          id="meeting-chat-input"
          value={text}
          maxLength={CHAT_MAX_LENGTH}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button-primary button-small" disabled={sending || !text.trim()}>
          {t('meeting:chat.send')}
        </button>
      </form>
    </MeetingDrawer>
  )
}
