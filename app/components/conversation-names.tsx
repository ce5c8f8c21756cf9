import { useT } from '#app/lib/i18n/use-t'

type Person = { id: string; name: string; external: boolean; me: boolean }

/** Who is in a conversation, by name, with the people from outside the community marked as such. */
export function ConversationNames({ people }: { people: readonly Person[] }) {
  const { t } = useT()
  return (
    <>
      {people.map((person, index) => (
        <span key={person.id}>
          {index > 0 ? ', ' : null}
          {person.me ? t('messages:conversation.you') : person.name}
          {person.external ? <span className="hint"> ({t('messages:conversation.external')})</span> : null}
        </span>
      ))}
    </>
  )
}
