import { useT } from '#app/lib/i18n/use-t'
import { formatDate } from '#app/lib/i18n/dates'

type View = {
  messages: Array<{
    id: string
    body: string
    at: string
    from: { name: string; company?: string | null; me: boolean; external: boolean } | null
    files: Array<{ id: string; name: string; size: number }>
    video: { id: string; thumbnailId: string | null } | null
  }>
}

/** A conversation's messages, oldest first, each with who wrote it, when, its files and its video (`fileHref` says where each file is read from). */
export function ConversationMessages({ view, fileHref }: { view: View; fileHref: (fileId: string) => string }) {
  const { t, language } = useT()
  if (view.messages.length === 0) return <p>{t('messages:list.noMessages')}</p>
  return (
    <ol className="message-list" aria-label={t('messages:conversation.messagesLabel')}>
      {view.messages.map((message) => (
        <li key={message.id} className={message.from?.me ? 'message mine' : 'message'}>
          <p className="message-meta">
            <strong>
              {message.from?.me
                ? t('messages:conversation.you')
                : message.from?.company
                  ? t('messages:conversation.nameAtCompany', { name: message.from.name, company: message.from.company })
                  : message.from?.name}
            </strong>{' '}
            <time dateTime={message.at} className="hint">
              {formatDate(new Date(message.at), { language })}
            </time>
          </p>
          {message.body ? <p className="message-body">{message.body}</p> : null}
          {message.video ? (
            // The server made the poster when it could; without one the player shows the first frame once loaded.
            // eslint-disable-next-line jsx-a11y/media-has-caption -- a member's own recording: no captions exist for it
            <video
              className="message-video"
              controls
              playsInline
              preload="metadata"
              src={fileHref(message.video.id)}
              poster={message.video.thumbnailId ? fileHref(message.video.thumbnailId) : undefined}
              aria-label={t('messages:conversation.video')}
            />
          ) : null}
          {message.files.length > 0 ? (
            <ul className="message-files" aria-label={t('messages:conversation.attachments')}>
              {message.files.map((file) => (
                <li key={file.id}>
                  <a href={fileHref(file.id)}>{file.name}</a>{' '}
                  <span className="hint">({Math.ceil(file.size / 1024)} KB)</span>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  )
}
