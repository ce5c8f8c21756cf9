import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { CommunityDrawerPage } from '#app/components/community-drawer-page'
import { PersonActionForm } from '#app/components/connect-button'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import type { PersonActionData } from '#app/lib/connections/person-action.server'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { personLoader, personPageAction } from './person.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'drawer', view: 'contacts' }) }
export const loader = (args: LoaderFunctionArgs) => personLoader(args)
export const action = (args: ActionFunctionArgs) => personPageAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'common:nav.contacts')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

const PRIMARY = new Set(['request', 'accept'])

export default function PersonDialog() {
  const { t } = useT()
  const { home, person, standing, intents } = useLoaderData<typeof loader>()
  const refused = useActionData<PersonActionData>()
  const slug = home.community.slug
  const name = person.name
  return (
    <CommunityDrawerPage view="contacts" home={home}>
      <p>
        <Link to={`/${slug}/contacts`}>{t('connections:actions.back')}</Link>
      </p>
      <h2>{name}</h2>
      {refused ? (
        <div role="alert" className="notice notice-error">
          <p>{t(refused.error)}</p>
        </div>
      ) : null}

      <div className="stack">
        <section aria-labelledby="person-connection" className="card">
          <h3 id="person-connection">{t('connections:person.connection')}</h3>
          <p>{t(`connections:person.${standing.state}`, { name })}</p>
          {intents.length > 0 ? (
            <div className="inline-actions">
              {intents.map((intent) => (
                <PersonActionForm key={intent} userId={person.userId} intent={intent} primary={PRIMARY.has(intent)} />
              ))}
            </div>
          ) : null}
        </section>

        <section aria-labelledby="person-block" className="card">
          <h3 id="person-block">
            {standing.blocked ? t('connections:blocks.blocked') : t('connections:person.blockTitle', { name })}
          </h3>
          <p>{standing.blocked ? t('connections:person.unblockText', { name }) : t('connections:person.blockText')}</p>
          <PersonActionForm userId={person.userId} intent={standing.blocked ? 'unblock' : 'block'} />
        </section>

        <section aria-labelledby="person-mute" className="card">
          <h3 id="person-mute">
            {standing.muted ? t('connections:blocks.muted') : t('connections:person.muteTitle', { name })}
          </h3>
          <p>{standing.muted ? t('connections:person.unmuteText', { name }) : t('connections:person.muteText')}</p>
          <PersonActionForm userId={person.userId} intent={standing.muted ? 'unmute' : 'mute'} />
        </section>
      </div>
    </CommunityDrawerPage>
  )
}
