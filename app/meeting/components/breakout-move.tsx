import { useEffect, useState } from 'react'
import { useT } from '#app/lib/i18n/use-t'
import { AUTO_ENTER_DELAY_MS } from '../constants'
import { useMeetingContext } from './meeting-context'

/**
 * The host moved me (views breakoutPreview, joiningBreakout, leavingBreakout): first where
 * to, with the time left before the automatic move, then "Moving from {room}" while it happens.
 */
export function BreakoutMoveView() {
  const { t } = useT()
  const { meeting, config } = useMeetingContext()
  const moving = meeting.state.breakouts.moving
  const seconds = useCountdown(moving?.phase === 'preview' ? (config.room.breakoutPreviewMs ?? AUTO_ENTER_DELAY_MS) : 0)
  if (!moving) return null
  const { kind, move, phase } = moving
  return (
    <main id="main" className="status-page meeting-breakout-move" data-phase={phase}>
      <div className="card status-card" aria-live="polite">
        {phase === 'preview' ? (
          <>
            <h1>{t(kind === 'join' ? 'meeting:breakouts.previewTitle' : 'meeting:breakouts.endedTitle')}</h1>
            <p>
              {t(kind === 'join' ? 'meeting:breakouts.previewJoin' : 'meeting:breakouts.previewLeave', {
                room: move.name,
              })}
            </p>
            <p className="meeting-breakout-countdown">{t('meeting:breakouts.countdown', { count: seconds })}</p>
          </>
        ) : (
          <>
            <h1>
              {t(kind === 'join' ? 'meeting:breakouts.joiningTitle' : 'meeting:breakouts.leavingTitle', {
                room: move.name,
              })}
            </h1>
            <p className="meeting-breakout-moving">{t('meeting:breakouts.movingFrom', { room: move.from })}</p>
          </>
        )}
      </div>
    </main>
  )
}

/** Whole seconds left of a wait, ticking every second. */
function useCountdown(totalMs: number) {
  const [left, setLeft] = useState(Math.ceil(totalMs / 1000))
  useEffect(() => {
    setLeft(Math.ceil(totalMs / 1000))
    if (totalMs <= 0) return
    const timer = setInterval(() => setLeft((current) => Math.max(0, current - 1)), 1000)
    return () => clearInterval(timer)
  }, [totalMs])
  return left
}
