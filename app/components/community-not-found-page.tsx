import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { StatusPage } from './status-page'

type Section = 'postNotFound' | 'groupNotFound' | 'eventNotFound'

/**
 * A community's page for a post, group or event it does not have: the title, a message naming the
 * community, and the way to its home. The route's loader is communityNotFound().
 */
export function communityNotFoundPage(section: Section) {
  const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, `pages:accessPages.${section}.title`)
  function Page() {
    const { t } = useT()
    const { community } = useLoaderData<{ community: { name: string; slug: string } }>()
    return (
      <StatusPage
        title={t(`pages:accessPages.${section}.title`)}
        actions={
          <Link to={`/${community.slug}`} className="button button-primary">
            {t('pages:accessPages.back', { community: community.name })}
          </Link>
        }
      >
        <p>{t(`pages:accessPages.${section}.message`, { community: community.name })}</p>
      </StatusPage>
    )
  }
  return { meta, Page }
}
