import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { roomLinkStatusLoader } from '#app/lib/rooms/claim-flow.server'

// /embedded/claimed/{slug}: {slug}/claimed, framed (the same check and suggestion): its owner signs
// in in a tab of their own; anyone else takes the free link offered, back in the frame's claim.
export const loader = (args: LoaderFunctionArgs) => roomLinkStatusLoader(args, 'claimed')

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'signup:claimed.title')

export default function EmbeddedClaimed() {
  const { t } = useT()
  const { link, path, suggestion } = useLoaderData<typeof loader>()
  return (
    <>
      <h1>{t('signup:claimed.title')}</h1>
      <p>{t('directory:embedded.claimedMessage', { link })}</p>
      <p className="inline-actions">
        <a href={`/embedded/claim?slug=${encodeURIComponent(suggestion)}`} className="button button-primary">
          {t('directory:embedded.takeSuggestion', { suggestion })}
        </a>
        <a href={`/sign-in?redirectTo=${encodeURIComponent(path)}`} target="_blank" rel="noopener" className="button">
          {t('signup:claimed.signIn')} <span className="visually-hidden">{t('directory:embedded.newTab')}</span>
        </a>
      </p>
    </>
  )
}
