// /{brand}/{room}: the meeting room page (the trailing underscore keeps it out of the community
// sidebar layout, so the meeting has the whole screen). Remix has no partial dynamic segments, so
// /{brand}/signup-{hash} lands here too and is handed to the self sign-up page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation, useParams, type ClientLoaderFunctionArgs } from '@remix-run/react'
import { StatusPage } from '#app/components/status-page'
import { GeneralErrorBoundary } from '#app/components/error-boundary'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { MeetingApp } from '#app/meeting/components/meeting-app'
import { meetingStyles } from '#app/styles/stylesheets'
import { roomLoader } from './room.server'
import { selfSignupAction, selfSignupLoader } from './self-signup.server'
import { isSelfSignupRoom } from '#app/lib/identity/signup-links'
import { SelfSignupPage, selfSignupMeta } from './self-signup'

/**
 * The page connects to the edge hosting this meeting, which may not be the default one, and may be
 * framed by its community's embedding page (see entry.server).
 */
export const handle = {
  connectSources: (data: unknown) => {
    const edgeUrl = (data as { pass?: { edgeUrl?: unknown } } | undefined)?.pass?.edgeUrl
    return typeof edgeUrl === 'string' ? [edgeUrl] : []
  },
  frameAncestors: (data: unknown) => {
    const embedder = (data as { embedder?: unknown } | undefined)?.embedder
    return typeof embedder === 'string' ? [embedder] : []
  },
}

export const links = meetingStyles

export const loader = (args: LoaderFunctionArgs) =>
  isSelfSignupRoom(args.params.room) ? selfSignupLoader(args) : roomLoader(args)

/**
 * Arriving from another page (a link, the redirect after signing in) loads the room as a document.
 * A client-side navigation would keep the previous document's Content-Security-Policy, whose
 * connect-src names only the default edge, and the socket to an edge hosting the room elsewhere
 * would be blocked. Revalidating the room itself (same path) stays a data request.
 */
export function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const target = new URL(request.url)
  if (target.pathname === window.location.pathname) return serverLoader()
  window.location.assign(target.pathname + target.search)
  // The document load replaces this page; the navigation never completes here.
  return new Promise<never>(() => {})
}

export function action(args: ActionFunctionArgs) {
  if (isSelfSignupRoom(args.params.room)) return selfSignupAction(args)
  throw new Response(null, { status: 405 })
}

export const meta: MetaFunction<typeof loader> = (args) => {
  if (isSelfSignupRoom(args.params.room)) return selfSignupMeta(args)
  const data = args.data as RoomData | NotFoundData | PassLimitData | undefined
  if (!data || !('kind' in data)) return [{ title: 'Hearth' }]
  if (data.kind === 'room') return [{ title: `${data.room.name} · Hearth` }]
  return pageTitle(args, data.kind === 'passLimit' ? 'meeting:passLimit.title' : 'meeting:roomNotFound.title')
}

type LoaderData = Awaited<ReturnType<typeof roomLoader>>['data']
type RoomData = Extract<LoaderData, { kind: 'room' }>
type NotFoundData = Extract<LoaderData, { kind: 'notFound' }>
type PassLimitData = Extract<LoaderData, { kind: 'passLimit' }>

export default function RoomRoute() {
  const params = useParams()
  if (isSelfSignupRoom(params.room)) return <SelfSignupPage />
  return <RoomPage />
}

function RoomPage() {
  const data = useLoaderData<typeof roomLoader>() as LoaderData
  if (data.kind === 'notFound') return <RoomNotFound community={data.community} />
  if (data.kind === 'passLimit') return <PassLimit minutes={data.minutes} />
  const { messages: _sentToUseT, embedder: _forTheHeaders, ...config } = data
  return <MeetingApp config={config} />
}

function RoomNotFound({ community }: { community: { name: string; slug: string } }) {
  const { t } = useT()
  return (
    <StatusPage
      title={t('meeting:roomNotFound.title')}
      actions={
        <Link to={`/${community.slug}`} className="button button-primary">
          {t('meeting:roomNotFound.back', { community: community.name })}
        </Link>
      }
    >
      <p>{t('meeting:roomNotFound.message', { community: community.name })}</p>
    </StatusPage>
  )
}

/** The client address was issued too many passes (LIMITS.edgePassesPerAddress): a 429 that says when to come back. */
function PassLimit({ minutes }: Pick<PassLimitData, 'minutes'>) {
  const { t } = useT()
  // Retrying is loading this address again.
  const { pathname, search } = useLocation()
  return (
    <StatusPage
      title={t('meeting:passLimit.title')}
      actions={
        <a href={pathname + search} className="button button-primary">
          {t('meeting:passLimit.retry')}
        </a>
      }
    >
      <p>{t('meeting:passLimit.message', { minutes })}</p>
    </StatusPage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
