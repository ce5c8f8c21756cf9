import { useEffect, useId, useState, type FormEvent } from 'react'
import { BREAKOUT_NAME_MAX, type MeetingRoomView } from '#edge/contract/protocol'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import { edgeRefusalKey } from '../edge-refusals'
import { useMeetingContext } from './meeting-context'

/**
 * The hosts' breakout rooms (spec §3 Meeting administration): every room of the meeting with who
 * is in it, where each person should go next, rooms to add and rename, and the moves to apply or
 * clear; ending the breakouts brings everyone back. The edge checks every request again.
 */
export function BreakoutPanel({ onClose }: { onClose: () => void }) {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const { rooms } = meeting.state.breakouts
  const actions = meeting.actions.breakouts
  const [failed, setFailed] = useState<TranslationKey | null>(null)
  const refresh = actions.refresh
  useEffect(() => {
    void refresh()
    // Once, when the panel opens: changes arrive by themselves afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const main = rooms.find((room) => room.type === 'main')
  const breakouts = rooms.filter((room) => room.type === 'breakout')
  const withMoves = rooms.filter((room) => room.peers.some((peer) => peer.moveToMeetingRoomId)).map((room) => room.id)
  const addRoom = async () => {
    if (!main) return
    const names = new Set(breakouts.map((room) => room.name))
    let number = breakouts.length + 1
    while (names.has(t('meeting:breakouts.defaultName', { number }))) number++
    try {
      await actions.create(main.id, t('meeting:breakouts.defaultName', { number }))
      setFailed(null)
    } catch (error) {
      setFailed(edgeRefusalKey(error) ?? 'meeting:breakouts.failed')
    }
  }
  return (
    <aside className="meeting-breakouts" aria-labelledby="meeting-breakouts-title">
      <div className="meeting-breakouts-header">
        <h2 id="meeting-breakouts-title">{t('meeting:breakouts.title')}</h2>
        <button type="button" className="button button-small" onClick={onClose}>
          {t('meeting:breakouts.close')}
        </button>
      </div>
      <div className="meeting-breakouts-rooms">
        {rooms.map((room) => (
          <RoomCard key={room.id} room={room} rooms={rooms} />
        ))}
      </div>
      {failed ? (
        <p className="field-error" role="alert">
          {t(failed)}
        </p>
      ) : null}
      <div className="meeting-breakouts-actions">
        <button type="button" className="button" onClick={() => void addRoom()} disabled={!main}>
          {t('meeting:breakouts.add')}
        </button>
        <button type="button" className="button button-primary" disabled={!withMoves.length} onClick={() => void actions.applyMoves(withMoves)}>
          {t('meeting:breakouts.apply')}
        </button>
        <button type="button" className="button" disabled={!withMoves.length} onClick={() => void actions.cancelMoves(withMoves)}>
          {t('meeting:breakouts.cancel')}
        </button>
        {main && breakouts.length ? (
          <button type="button" className="button button-danger" onClick={() => void actions.end(main.id)}>
            {t('meeting:breakouts.end')}
          </button>
        ) : null}
      </div>
    </aside>
  )
}

function RoomCard({ room, rooms }: { room: MeetingRoomView; rooms: MeetingRoomView[] }) {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const actions = meeting.actions.breakouts
  const roomName = (view: MeetingRoomView) => (view.type === 'main' ? t('meeting:breakouts.mainRoom') : view.name)
  return (
    <section className="meeting-breakout-room" aria-label={roomName(room)} data-room-type={room.type}>
      <h3>
        {roomName(room)} <span className="meeting-breakout-count">{t('meeting:breakouts.people', { count: room.peers.length })}</span>
      </h3>
      {room.type === 'breakout' ? <RenameForm room={room} /> : null}
      {room.peers.length ? (
        <ul>
          {room.peers.map((peer) => (
            <li key={peer.id}>
              <span className="meeting-breakout-person">{peer.name}</span>
              <select
                aria-label={t('meeting:breakouts.moveTo', { name: peer.name })}
                value={peer.moveToMeetingRoomId ?? room.id}
                onChange={(event) => {
                  const to = event.target.value
                  void (to === room.id ? actions.clearMove(peer.id) : actions.setMove(peer.id, to))
                }}
              >
                {rooms.map((target) => (
                  <option key={target.id} value={target.id}>
                    {target.id === room.id ? t('meeting:breakouts.stay') : roomName(target)}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
      ) : (
        <p className="meeting-breakout-empty">{t('meeting:breakouts.empty')}</p>
      )}
    </section>
  )
}

/** Spec §5: a breakout's new name is required and unique; the edge's refusal shows under the field. */
function RenameForm({ room }: { room: MeetingRoomView }) {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const id = useId()
  const [failed, setFailed] = useState<TranslationKey | null>(null)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const name = String(new FormData(event.currentTarget).get('name') ?? '')
    if (!name.trim()) return setFailed('meeting:breakouts.nameRequired')
    try {
      await meeting.actions.breakouts.rename(room.id, name)
      setFailed(null)
    } catch (error) {
      setFailed(edgeRefusalKey(error) ?? 'meeting:breakouts.failed')
    }
  }
  return (
    <form className="meeting-breakout-rename" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-name`} className="visually-hidden">
        {t('meeting:breakouts.renameLabel', { name: room.name })}
      </label>
      <input
        id={`${id}-name`}
        name="name"
        defaultValue={room.name}
        key={room.name}
        maxLength={BREAKOUT_NAME_MAX}
        required
        aria-invalid={failed ? true : undefined}
        aria-describedby={failed ? `${id}-error` : undefined}
      />
      <button type="submit" className="button button-small">
        {t('meeting:breakouts.rename')}
      </button>
      {failed ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t(failed)}
        </p>
      ) : null}
    </form>
  )
}

/** In a breakout room, everyone sees which one (the main room needs no label). */
export function BreakoutBadge() {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const name = meeting.state.breakouts.roomName
  return name ? <p className="meeting-breakout-badge">{t('meeting:breakouts.youAreIn', { room: name })}</p> : null
}
