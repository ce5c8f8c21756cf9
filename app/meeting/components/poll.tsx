import { useState, type FormEvent } from 'react'
import { POLL_LIMITS } from '#edge/contract/polls'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import { edgeRefusalKey } from '../edge-refusals'
import { ModalDialog } from './dialogs'
import { useMeetingContext } from './meeting-context'

/** The quick poll: its options to answer once, then the live results; hosts close it. */
export function PollPanel() {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const { poll, pollAnswer, me } = meeting.state
  if (!poll) return null
  const total = poll.counts.reduce((sum, count) => sum + count, 0)
  const showResults = pollAnswer !== null || poll.closed || me.isHost || me.isCoHost
  return (
    <aside className="meeting-poll" aria-labelledby="meeting-poll-title">
      <h2 id="meeting-poll-title">{t(poll.closed ? 'meeting:polls.closedTitle' : 'meeting:polls.title')}</h2>
      <p className="meeting-poll-question">{poll.question}</p>
      {pollAnswer === null && !poll.closed ? (
        <div className="meeting-poll-options" role="group" aria-label={poll.question}>
          {poll.options.map((option, index) => (
            <button key={index} type="button" onClick={() => void meeting.actions.answerPoll(poll.id, index)}>
              {option}
            </button>
          ))}
        </div>
      ) : null}
      {showResults ? (
        <ul className="meeting-poll-results" aria-label={t('meeting:polls.results')}>
          {poll.options.map((option, index) => (
            <li key={index} className={pollAnswer === index ? 'mine' : undefined}>
              <span>{option}</span>
              <meter min={0} max={Math.max(total, 1)} value={poll.counts[index]} aria-hidden="true" />
              <span>{t('meeting:polls.votes', { count: poll.counts[index] ?? 0 })}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {(me.isHost || me.isCoHost) && !poll.closed ? (
        <button type="button" className="meeting-poll-close" onClick={() => void meeting.actions.closePoll(poll.id)}>
          {t('meeting:polls.close')}
        </button>
      ) : null}
    </aside>
  )
}

const OPTION_FIELDS = 4

/** The host's form: a question and up to four options (blank ones are dropped). */
export function PollDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const [failed, setFailed] = useState<TranslationKey | null>(null)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const question = String(data.get('question') ?? '').trim()
    const options = data
      .getAll('option')
      .map((value) => String(value).trim())
      .filter(Boolean)
    if (!question || options.length < POLL_LIMITS.minOptions) return setFailed('meeting:polls.invalid')
    try {
      await meeting.actions.createPoll(question, options)
      setFailed(null)
      form.reset()
      onClose()
    } catch (error) {
      setFailed(edgeRefusalKey(error) ?? 'meeting:polls.failed')
    }
  }
  return (
    <ModalDialog
      open={open}
      title={t('meeting:polls.ask')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('meeting:leave.cancel')}
          </button>
          <button type="submit" form="meeting-poll-form" className="button button-primary">
            {t('meeting:polls.send')}
          </button>
        </>
      }
    >
      <form id="meeting-poll-form" className="meeting-poll-form" onSubmit={(event) => void submit(event)}>
        <label>
          {t('meeting:polls.question')}
          <input name="question" required maxLength={POLL_LIMITS.question} />
        </label>
        {Array.from({ length: OPTION_FIELDS }, (_, index) => (
          <label key={index}>
            {t('meeting:polls.option', { number: index + 1 })}
            <input name="option" required={index < POLL_LIMITS.minOptions} maxLength={POLL_LIMITS.option} />
          </label>
        ))}
        {failed ? <p role="alert">{t(failed)}</p> : null}
      </form>
    </ModalDialog>
  )
}
