import { Form, Link, useLocation, useNavigation } from '@remix-run/react'
import { personUrl, type PersonIntent } from '#app/lib/connections/connection-rules'
import { useT } from '#app/lib/i18n/use-t'

/** The page a form came from, so its action brings the member back there. */
function useHere() {
  const location = useLocation()
  return location.pathname + location.search
}

/**
 * One button that changes where the viewer stands with someone (connect, accept, favourite, block…).
 * A plain POST form: it works with JavaScript off. It posts to `action` (the page the form is on by
 * default), which comes back to this page with a flash, or shows why not.
 */
export function PersonActionForm({
  userId,
  intent,
  action,
  primary = false,
  name,
}: {
  userId: string
  intent: PersonIntent
  action?: string
  primary?: boolean
  /** Whom the button is about, for screen readers, where a page shows the same button for several people. */
  name?: string
}) {
  const { t } = useT()
  const back = useHere()
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('userId') === userId &&
    navigation.formData?.get('intent') === intent
  return (
    <Form method="post" action={action} className="inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="back" value={back} />
      <button
        type="submit"
        className={primary ? 'button button-small button-primary' : 'button button-small'}
        disabled={busy}
      >
        {t(`connections:actions.${intent}`)}
        {name ? <span className="visually-hidden"> ({name})</span> : null}
      </button>
    </Form>
  )
}

/**
 * What another page shows beside a member (the members list, a profile): "Connect" sends the
 * connection request, and a link opens the person's dialog (answer a request, favourite, block,
 * mute). The page that includes it must load the `connections` namespace.
 */
export function ConnectButton({ slug, userId, name }: { slug: string; userId: string; name: string }) {
  const { t } = useT()
  return (
    <span className="inline-actions connect-button">
      <PersonActionForm userId={userId} intent="request" action={personUrl(slug, userId)} name={name} />
      <Link to={personUrl(slug, userId)} className="button button-small">
        {t('connections:actions.profile')}
        <span className="visually-hidden"> ({name})</span>
      </Link>
    </span>
  )
}

/**
 * Follow or unfollow a room's posts, from a room's or group's page (with followsRoom or
 * followedRoomIds from app/lib/connections/room-follows.server.ts for `following`). A form of its
 * own: place it outside any other form (the groups list's table sits in its bulk-action form).
 */
export function FollowRoomButton({
  slug,
  roomSlug,
  following,
  name,
}: {
  slug: string
  roomSlug: string
  following: boolean
  name: string
}) {
  const { t } = useT()
  const back = useHere()
  return (
    <Form method="post" action={`/${slug}/contacts`} className="inline-form">
      <input type="hidden" name="intent" value={following ? 'unfollow-room' : 'follow-room'} />
      <input type="hidden" name="room" value={roomSlug} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className="button button-small">
        {t(following ? 'connections:actions.unfollowRoom' : 'connections:actions.followRoom')}
        <span className="visually-hidden"> ({name})</span>
      </button>
    </Form>
  )
}
