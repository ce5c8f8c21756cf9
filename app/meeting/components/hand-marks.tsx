import { useT } from '#app/lib/i18n/use-t'
import { Icon } from './icons'
import { useMeetingContext } from './meeting-context'

/** Over a tile: a hand mark while the peer's hand is up, and their latest reaction for a few seconds. */
export function TileMarks({ peerId, name }: { peerId: string | null; name: string }) {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  if (!peerId) return null
  const { hands, reactions } = meeting.state
  const place = hands.findIndex((hand) => hand.peerId === peerId)
  const reaction = reactions[peerId]
  return (
    <>
      {place >= 0 ? (
        <span
          className="meeting-hand-mark"
          role="img"
          aria-label={t('meeting:hands.mark', { name })}
          data-testid="hand-mark"
        >
          <Icon name="hand" />
        </span>
      ) : null}
      {reaction ? (
        <span
          key={reaction.id}
          className="meeting-reaction"
          role="img"
          aria-label={t('meeting:reactions.shown', { name, emoji: reaction.emoji })}
          data-testid="reaction"
        >
          {reaction.emoji}
        </span>
      ) : null}
    </>
  )
}

/** The hosts' and co-hosts' view of the raised hands, oldest first, each with a button to lower it. */
export function HandQueuePanel() {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const { me, hands, peers } = meeting.state
  if (!(me.isHost || me.isCoHost) || hands.length === 0) return null
  const nameOf = (peerId: string) =>
    peerId === me.peerId ? t('meeting:peer.you', { name: me.name }) : (peers[peerId]?.name ?? '…')
  return (
    <aside className="meeting-hands" aria-labelledby="meeting-hands-title">
      <h2 id="meeting-hands-title">{t('meeting:hands.queue', { count: hands.length })}</h2>
      <ol>
        {hands.map((hand) => (
          <li key={hand.peerId}>
            <span className="meeting-hands-name">{nameOf(hand.peerId)}</span>
            <button type="button" onClick={() => void meeting.actions.lowerHandFor(hand.peerId)}>
              {t('meeting:hands.lowerFor', { name: nameOf(hand.peerId) })}
            </button>
          </li>
        ))}
      </ol>
    </aside>
  )
}
