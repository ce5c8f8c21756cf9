import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { formatDate } from '#app/lib/i18n/dates'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { useT } from '#app/lib/i18n/use-t'
import { readableTranscripts, requireTranscriptReader } from '#app/lib/meetings/transcripts.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'other' }) }

// Signed-in people see the transcripts of the rooms they host or co-host; room managers see every room's.
export async function loader(args: LoaderFunctionArgs) {
  const { brand, reader } = await requireTranscriptReader(args)
  return {
    messages: await routeMessages(args, 'community'),
    community: { slug: brand.slug },
    transcripts: await readableTranscripts(brand.id, reader),
  }
}

export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'community:transcripts.title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function TranscriptsPage() {
  const { t, language } = useT()
  const { community, transcripts } = useLoaderData<typeof loader>()
  return (
    <main id="main" className="community-main transcripts-page">
      <h1>{t('community:transcripts.title')}</h1>
      {transcripts.length === 0 ? (
        <p className="muted">{t('community:transcripts.empty')}</p>
      ) : (
        <ul className="transcript-list">
          {transcripts.map((transcript) => (
            <li key={transcript.meetingRoomId}>
              <strong>{transcript.roomName}</strong>
              <br />
              <time dateTime={transcript.startedAt}>{formatDate(new Date(transcript.startedAt), { language })}</time>
              {' · '}
              {t('community:transcripts.lines', { count: transcript.lines })}
              {' · '}
              <a href={`/${community.slug}/transcripts/${transcript.meetingRoomId}`} download>
                {t('community:transcripts.download')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </main>
  )
}
