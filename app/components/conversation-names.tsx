import { useT } from '#app/lib/i18n/use-t'

type Person = { id: string; name: string; company?: string | null; external: boolean; me: boolean }

/**
 * Who is in a conversation, by name, with the people from outside the community marked as such and
 * the company an outsider gave (a guest's message for a host) beside their name.
 */
export function ConversationNames({ people }: { people: readonly Person[] }) {
  const { t } = useT()
  return (
    <>
      {people.map((person, index) => (
        <span key={person.id}>
          {index > 0 ? ', ' : null}
          {person.me
            ? t('messages:conversation.you')
            : person.company
              ? t('messages:conversation.nameAtCompany', { name: person.name, company: person.company })
              : person.name}
          {person.external ? <span className="hint"> ({t('messages:conversation.external')})</span> : null}
        </span>
      ))}
    </>
  )
}
