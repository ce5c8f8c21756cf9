import { useEffect, useId, useState, type FormEvent } from 'react'
import { BREAKOUT_NAME_MAX, type MeetingRoomView } from '#edge/contract/breakouts'
import { presentGroups, sortByAnswers } from '#app/lib/events/breakout-sorting'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import { edgeRefusalKey } from '../edge-refusals'
import { useMeetingContext } from './meeting-context'
import { MeetingDrawer } from './meeting-drawer'

/**
 * The hosts' breakout rooms (docs/meetings.md#breakout-rooms): every room of the meeting with who
 * is in it, where each person should go next, rooms to add and rename, and the moves to apply or
 * clear; ending the breakouts brings everyone back. The edge checks every request again.
 */
export function BreakoutPanel({ onClose }: { onClose: () => void }) {
  const { t } = useT()
  const { meeting, config } = useMeetingContext()
  const { rooms } = meeting.state.breakouts
  const actions = meeting.actions.breakouts
  const plan = config.breakoutPlan
  const [failed, setFailed] = useState<TranslationKey | null>(null)
  const [filled, setFilled] = useState(false)
  const refresh = actions.refresh
  useEffect(() => {
    void refresh()
    // Once, when the panel opens: changes arrive by themselves afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const main = rooms.find((room) => room.type === 'main')
  const breakouts = rooms.filter((room) => room.type === 'breakout')
  const withMoves = rooms.filter((room) => room.peers.some((peer) => peer.moveToMeetingRoomId)).map((room) => room.id)
  const names = new Set(breakouts.map((room) => room.name))
  /** A new room with the first free default name ("Room 3"). */
  const createRoom = (mainId: string) => {
    let number = 1
    while (names.has(t('meeting:breakouts.defaultName', { number }))) number++
    const name = t('meeting:breakouts.defaultName', { number })
    names.add(name)
    return actions.create(mainId, name)
  }
  const run = async (work: () => Promise<unknown>) => {
    try {
      await work()
      setFailed(null)
    } catch (error) {
      setFailed(edgeRefusalKey(error) ?? 'meeting:breakouts.failed')
    }
  }
  /**
   * Moves for the people in the main room, group by group into the breakouts in their order (new
   * ones made as needed); I stay to run the meeting. The host checks them, then moves everyone.
   */
  const fill = (groupsOf: (people: MeetingRoomView['peers']) => string[][]) =>
    run(async () => {
      if (!main) return
      const people = main.peers.filter((peer) => peer.userId !== meeting.state.me.userId)
      const groups = groupsOf(people)
      const targets = breakouts.map((room) => room.id)
      while (targets.length < groups.length) targets.push((await createRoom(main.id)).id)
      const peerIdOf = new Map(people.map((peer) => [peer.userId, peer.id]))
      for (const [index, group] of groups.entries()) {
        for (const userId of group) await actions.setMove(peerIdOf.get(userId)!, targets[index]!)
      }
      setFilled(true)
    })
  return (
    <MeetingDrawer
      name="breakouts"
      title={t('meeting:breakouts.title')}
      closeLabel={t('meeting:breakouts.close')}
      onClose={onClose}
    >
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
      {plan ? (
        // Disabled until the edge has said who is in the main room: filling before would move nobody.
        <fieldset className="meeting-breakouts-event">
          <legend>{t('meeting:breakouts.fromEvent')}</legend>
          <button
            type="button"
            className="button"
            disabled={!main || !plan.groups.length}
            onClick={() =>
              void fill((people) =>
                presentGroups(
                  plan.groups,
                  people.map((peer) => peer.userId),
                ),
              )
            }
          >
            {t('meeting:breakouts.useGroups')}
          </button>
          <button
            type="button"
            className="button"
            disabled={!main || !Object.keys(plan.answers).length}
            onClick={() =>
              void fill((people) =>
                sortByAnswers(
                  people.map((peer) => ({
                    userId: peer.userId,
                    answer: plan.answers[peer.userId],
                    secondary: plan.secondaryAnswers[peer.userId],
                  })),
                  plan.size,
                ),
              )
            }
          >
            {t('meeting:breakouts.sortByAnswers')}
          </button>
          {filled ? <p role="status">{t('meeting:breakouts.filled')}</p> : null}
        </fieldset>
      ) : null}
      <div className="meeting-breakouts-actions">
        <button
          type="button"
          className="button"
          onClick={() => main && void run(() => createRoom(main.id))}
          disabled={!main}
        >
          {t('meeting:breakouts.add')}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={!withMoves.length}
          onClick={() => void actions.applyMoves(withMoves)}
        >
          {t('meeting:breakouts.apply')}
        </button>
        <button
          type="button"
          className="button"
          disabled={!withMoves.length}
          onClick={() => void actions.cancelMoves(withMoves)}
        >
          {t('meeting:breakouts.cancel')}
        </button>
        {main && breakouts.length ? (
          <button type="button" className="button button-danger" onClick={() => void actions.end(main.id)}>
            {t('meeting:breakouts.end')}
          </button>
        ) : null}
      </div>
    </MeetingDrawer>
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
        {roomName(room)}{' '}
        <span className="meeting-breakout-count">{t('meeting:breakouts.people', { count: room.peers.length })}</span>
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

/** A breakout's new name is required and unique; the edge's refusal shows under the field. */
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
