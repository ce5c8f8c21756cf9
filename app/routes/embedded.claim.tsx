import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { ROOM_LINK_MAX } from '#app/lib/members/member.schema'

// /embedded/claim: the claim's first step, framed. The link goes to /register/room?slug=…, which
// checks it (a taken or reserved one goes to its page, a free one is filled in) in a tab of its own.
export function loader({ request }: LoaderFunctionArgs) {
  return { asked: (new URL(request.url).searchParams.get('slug') ?? '').slice(0, ROOM_LINK_MAX) }
}

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'signup:claim.title')

export default function EmbeddedClaim() {
  const { t } = useT()
  const { asked } = useLoaderData<typeof loader>()
  const { origin } = useRouteLoaderData('routes/embedded') as { origin: string }
  return (
    <>
      <h1>{t('signup:claim.title')}</h1>
      <p>{t('directory:embedded.claimIntro')}</p>
      <form method="get" action="/register/room" target="_blank" className="stack">
        <div className="field">
          <label htmlFor="embedded-room-link">{t('signup:claim.roomLink')}</label>
          <input
            id="embedded-room-link"
            name="slug"
            type="text"
            defaultValue={asked}
            required
            maxLength={ROOM_LINK_MAX}
            aria-describedby="embedded-room-link-hint"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        </div>
        <p id="embedded-room-link-hint" className="hint">
          {t('signup:claim.linkHint', { prefix: `${origin}/me/` })}
        </p>
        <div>
          <button type="submit" className="button button-primary">
            {t('signup:claim.check')} <span className="visually-hidden">{t('directory:embedded.newTab')}</span>
          </button>
        </div>
      </form>
    </>
  )
}
