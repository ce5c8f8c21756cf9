import { edgeRefusalKey } from '../edge-refusals'
import { reconnectLabel } from '../reconnect'
import { useT } from '#app/lib/i18n/use-t'
import { useMeetingContext } from './meeting-context'
import { Notice } from './notice-stack'
import { notificationTextKey } from '#app/lib/notifications/notification-rules'
import type { TranslationKey } from '#app/lib/i18n/i18n'

/** "Not connected … Reconnecting: 2nd attempt…" while the socket retries, and the notices that end the meeting page. */
export function ConnectionBanner() {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const { connection, me } = meeting.state
  const { fatal, notice } = meeting
  if (fatal === 'kicked') return <Overlay text={t('meeting:notices.kicked')} />
  if (fatal === 'lost')
    return <Overlay text={t('meeting:connection.lost')} detail={t('meeting:connection.reloading')} />
  if (fatal === 'shutdown') return <Overlay text={t('meeting:notices.shutdown')} />
  const refusal = notice?.key === 'failed' ? edgeRefusalKey(notice.reason) : null
  const reconnecting = me.peerId !== null && connection.status === 'connecting' && connection.attempt > 0
  let attemptText = ''
  if (reconnecting) {
    const label = reconnectLabel(connection.attempt)
    attemptText =
      label.key === 'nth'
        ? t('meeting:connection.attempt.nth', { n: label.attempt })
        : t(`meeting:connection.attempt.${label.key}`)
  }
  return (
    <>
      {reconnecting ? (
        <p className="meeting-banner" role="status">
          <strong>{t('meeting:connection.notConnected')}</strong> {t('meeting:connection.notConnectedMessage')}{' '}
          {t('meeting:connection.reconnecting', { attempt: attemptText })}
        </p>
      ) : null}
      {notice ? (
        <Notice>
          {notice.key === 'notification'
            ? t(notificationTextKey(notice.kind, notice.detail) as TranslationKey, {
                actor: notice.actor ?? t('notifications:someone'),
                room: notice.room ?? '',
                community: notice.community ?? '',
              })
            : refusal
              ? t(refusal)
              : notice.key === 'failed'
                ? t('meeting:notices.failed', { reason: notice.reason ?? '' })
                : t(`meeting:notices.${notice.key}`)}
        </Notice>
      ) : null}
    </>
  )
}

function Overlay({ text, detail }: { text: string; detail?: string }) {
  return (
    <div className="meeting-overlay" role="alertdialog" aria-modal="true" aria-label={text}>
      <div className="card">
        <p role="alert">{text}</p>
        {detail ? <p>{detail}</p> : null}
      </div>
    </div>
  )
}
