import { useEffect, useState } from 'react'
import { useT } from '#app/lib/i18n/use-t'
import { EVENT_TICK_MS } from '#edge/contract/event-slots'
import { clock, startsEarly, timeLeft } from '../event-slots'
import { ConfirmDialog } from './dialogs'
import { useMeetingContext } from './meeting-context'

/** The client's clock, read again every tick while something counts down. */
function useNow(ticking: boolean) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    setNow(Date.now())
    if (!ticking) return
    const timer = setInterval(() => setNow(Date.now()), EVENT_TICK_MS)
    return () => clearInterval(timer)
  }, [ticking])
  return now
}

/**
 * The event slot timer: the current slot and its time left, the 5 s countdown to
 * the next slot or to the end, everyone's; the host's and co-hosts' controls and talk times; and
 * the late-joiner message for someone who came in while it ran.
 */
export function EventSlotsBar() {
  const { t } = useT()
  const { meeting, config } = useMeetingContext()
  const { event, receivedAt, lateJoiner, talkTimer } = meeting.eventSlots
  const { me } = meeting.state
  const runs = me.isHost || me.isCoHost
  // The event as it runs now (null before its start and after its end).
  const live = event?.started ? event : null
  const now = useNow(live !== null && !live.paused)
  if (!live && !(runs && config.room.event)) return null
  const slot = live && live.slotIndex !== null ? live.slots[live.slotIndex] : undefined
  const left = live ? timeLeft(live, receivedAt, now) : null
  return (
    <aside className="meeting-event" aria-labelledby="meeting-event-title">
      <h2 id="meeting-event-title">{t('meeting:eventSlots.title')}</h2>
      {live && slot && left ? (
        <>
          <p className="meeting-event-slot">
            {t('meeting:eventSlots.slotOf', { number: live.slotIndex! + 1, count: live.slots.length, name: slot.name })}
          </p>
          <p className="meeting-event-time" data-testid="event-slot-time">
            {left.slotMs === null
              ? t('meeting:eventSlots.untimed')
              : t('meeting:eventSlots.left', { time: clock(left.slotMs) })}
            {live.paused ? <span className="meeting-event-paused">{t('meeting:eventSlots.paused')}</span> : null}
            {live.rehearsal ? (
              <span className="meeting-event-paused">{t('meeting:eventSlots.rehearsalMark')}</span>
            ) : null}
          </p>
          {live.countdown && left.countdownMs !== null ? (
            <p className="meeting-event-countdown" role="status">
              {t(live.countdown.kind === 'next' ? 'meeting:eventSlots.nextIn' : 'meeting:eventSlots.endsIn', {
                seconds: Math.ceil(left.countdownMs / 1000),
              })}
            </p>
          ) : null}
          {lateJoiner ? (
            <p className="meeting-event-late" role="status">
              {t('meeting:eventSlots.lateJoiner')}{' '}
              <button type="button" onClick={meeting.actions.dismissLateJoiner}>
                {t('meeting:eventSlots.dismiss')}
              </button>
            </p>
          ) : null}
        </>
      ) : (
        <p className="meeting-event-slot">{t('meeting:eventSlots.notStarted')}</p>
      )}
      {live ? (
        <label className="meeting-event-watching">
          <input
            type="checkbox"
            checked={talkTimer?.watchingUserIds.includes(me.userId) ?? false}
            onChange={(change) => void meeting.actions.takePartInEvent(!change.target.checked)}
          />{' '}
          {t('meeting:eventSlots.onlyWatching')}
        </label>
      ) : null}
      {runs ? <EventControls /> : null}
      {runs && live ? <TalkTimes /> : null}
    </aside>
  )
}

/** The host's and co-hosts' controls (the edge checks the right again). */
function EventControls() {
  const { t } = useT()
  const { meeting, config } = useMeetingContext()
  const { event } = meeting.eventSlots
  const { eventControl } = meeting.actions
  const [rehearsal, setRehearsal] = useState(false)
  const [warning, setWarning] = useState(false)
  const start = () => void eventControl('room:event:start', { rehearsal })
  if (!event?.started) {
    const startsAt = config.room.event?.startsAt ?? null
    return (
      <div className="meeting-event-controls">
        <button type="button" onClick={() => (startsEarly(startsAt, Date.now()) ? setWarning(true) : start())}>
          {t('meeting:eventSlots.start')}
        </button>
        <label>
          <input type="checkbox" checked={rehearsal} onChange={(change) => setRehearsal(change.target.checked)} />{' '}
          {t('meeting:eventSlots.rehearsal')}
        </label>
        {event?.slots.length ? (
          <button type="button" onClick={() => void eventControl('room:event:reset')}>
            {t('meeting:eventSlots.reset')}
          </button>
        ) : null}
        <ConfirmDialog
          open={warning}
          title={t('meeting:eventSlots.earlyTitle')}
          confirmLabel={t('meeting:eventSlots.startAnyway')}
          cancelLabel={t('meeting:eventSlots.cancel')}
          onConfirm={() => {
            setWarning(false)
            start()
          }}
          onClose={() => setWarning(false)}
        >
          <p>{t('meeting:eventSlots.earlyWarning', { time: startsAt ? new Date(startsAt).toLocaleString() : '' })}</p>
        </ConfirmDialog>
      </div>
    )
  }
  const index = event.slotIndex ?? 0
  const last = index >= event.slots.length - 1
  return (
    <div className="meeting-event-controls" role="group" aria-label={t('meeting:eventSlots.controls')}>
      <button
        type="button"
        disabled={index === 0}
        onClick={() => void eventControl('room:event:changeSlot', { slotIndex: index - 1 })}
      >
        {t('meeting:eventSlots.previous')}
      </button>
      {event.paused ? (
        <button type="button" onClick={() => void eventControl('room:event:play')}>
          {t('meeting:eventSlots.resume')}
        </button>
      ) : (
        <button type="button" onClick={() => void eventControl('room:event:pause')}>
          {t('meeting:eventSlots.pause')}
        </button>
      )}
      <button type="button" onClick={() => void eventControl('room:event:seekSlot', { positionMs: 0 })}>
        {t('meeting:eventSlots.restart')}
      </button>
      <button
        type="button"
        disabled={last}
        onClick={() => void eventControl('room:event:changeSlot', { slotIndex: index + 1 })}
      >
        {t('meeting:eventSlots.next')}
      </button>
      <button
        type="button"
        disabled={event.countdown?.kind === 'end'}
        onClick={() => void eventControl('room:event:end', {})}
      >
        {t('meeting:eventSlots.end')}
      </button>
      <button type="button" className="danger" onClick={() => void eventControl('room:event:end', { force: true })}>
        {t('meeting:eventSlots.endNow')}
      </button>
    </div>
  )
}

/** The talk timer's distribution and the quiet ones (inactive speakers), for those who run the event. */
function TalkTimes() {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const { talkTimer } = meeting.eventSlots
  const { me, peers } = meeting.state
  if (!talkTimer) return null
  const names = new Map<string, string>([
    [me.userId, me.name],
    ...Object.values(peers).map((peer) => [peer.userId, peer.name] as [string, string]),
  ])
  const spoken = Object.entries(talkTimer.distribution).sort(([, a], [, b]) => b - a)
  return (
    <details className="meeting-event-talk">
      <summary>{t('meeting:eventSlots.talkTime')}</summary>
      {spoken.length ? (
        <ul>
          {spoken.map(([userId, ms]) => (
            <li key={userId}>
              <span>{names.get(userId) ?? t('meeting:eventSlots.someoneWhoLeft')}</span> <span>{clock(ms)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        {talkTimer.inactiveUserIds.length
          ? t('meeting:eventSlots.quiet', {
              names: talkTimer.inactiveUserIds
                .map((userId) => names.get(userId) ?? '')
                .filter(Boolean)
                .join(', '),
            })
          : t('meeting:eventSlots.nobodyQuiet')}
      </p>
      {talkTimer.watchingUserIds.length ? (
        <p>
          {t('meeting:eventSlots.watchingList', {
            names: talkTimer.watchingUserIds
              .map((userId) => names.get(userId) ?? '')
              .filter(Boolean)
              .join(', '),
          })}
        </p>
      ) : null}
    </details>
  )
}

/** The talk timer's word to me (encouragement or enforcement), shown for 3000 ms. */
export function TalkTimerToast() {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const { notice } = meeting.eventSlots
  if (!notice) return null
  return (
    <p className="meeting-event-toast" role="status">
      {notice.message ??
        t(notice.kind === 'encouragement' ? 'meeting:eventSlots.encouragement' : 'meeting:eventSlots.enforcement')}
    </p>
  )
}
