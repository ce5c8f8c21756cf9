import { useEffect, useRef } from 'react'
import { FORMAT_LOCALES } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import { logLine } from '../meeting-log-line'
import { useMeetingContext } from './meeting-context'
import { MeetingDrawer } from './meeting-drawer'

/**
 * The meeting log for hosts and co-hosts (docs/meetings.md#the-meeting-log): what happened in the meeting and its
 * breakouts, oldest first, each line in the reader's language; new lines arrive while it is open.
 */
export function MeetingLogPanel({ onClose }: { onClose: () => void }) {
  const { t, language } = useT()
  const { meeting } = useMeetingContext()
  const log = meeting.state.log
  const readLog = meeting.actions.readLog
  const list = useRef<HTMLOListElement>(null)
  useEffect(() => {
    void readLog()
    // Once, when the panel opens: new lines arrive by themselves afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'end' })
  }, [log?.length])
  // Rendered in the browser only, so the reader's own time zone is the right one.
  const time = new Intl.DateTimeFormat(FORMAT_LOCALES[language], {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  })
  return (
    <MeetingDrawer name="log" title={t('meeting:log.title')} closeLabel={t('meeting:log.close')} onClose={onClose}>
      {log === null ? (
        <p role="status">{t('meeting:log.loading')}</p>
      ) : log.length === 0 ? (
        <p>{t('meeting:log.empty')}</p>
      ) : (
        <ol ref={list} className="meeting-log-lines">
          {log.map((entry) => (
            <li key={entry.id} data-level={entry.level}>
              <time dateTime={entry.at}>{time.format(new Date(entry.at))}</time>
              <span>
                {entry.level === 'warn' || entry.level === 'error' ? (
                  <strong>{t('meeting:log.levelWarn')}: </strong>
                ) : null}
                {logLine(t, entry)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </MeetingDrawer>
  )
}
