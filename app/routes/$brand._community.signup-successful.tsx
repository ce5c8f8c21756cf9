import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { StatusPage } from '#app/components/status-page'
import { findBrand } from '#app/lib/communities/brands.server'
import { membershipStatus } from '#app/lib/communities/community-membership.server'
import { pageTitle } from '#app/lib/http/meta'
import { viewer } from '#app/lib/http/session.server'
import { useT } from '#app/lib/i18n/use-t'
import { routeMessages } from '#app/lib/i18n/page-language.server'

/**
 * {brand}/signup-successful: where a sign-up lands when it cannot go straight in: the request waits
 * for an admin (member moderation), or was declined. A member is sent into the community; someone
 * signed out is asked to sign in, since the page speaks only of the viewer's own request.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request, params, context } = args
  const brand = await findBrand(context, params.brand)
  if (!brand) throw redirect('/community-not-found')
  const { user } = await viewer(request, context)
  const status = user ? await membershipStatus(user.id, brand.id) : 'none'
  if (status === 'member') throw redirect(`/${brand.slug}`)
  return {
    messages: await routeMessages(args, 'auth', 'signup'),
    community: { name: brand.name, slug: brand.slug },
    status,
  }
}

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'signup:successful.title')

export default function SignupSuccessful() {
  const { t } = useT()
  const { community, status } = useLoaderData<typeof loader>()
  const signIn = `/sign-in?redirectTo=${encodeURIComponent(`/${community.slug}/signup-successful`)}`
  return (
    <StatusPage
      title={status === 'rejected' ? t('signup:successful.rejectedTitle') : t('signup:successful.title')}
      actions={
        status === 'none' ? (
          <Link to={signIn} className="button button-primary">
            {t('auth:signIn.title')}
          </Link>
        ) : (
          <Link to="/me" className="button">
            {t('signup:welcome.myRooms')}
          </Link>
        )
      }
    >
      <p>
        {status === 'pending'
          ? t('signup:successful.pending', { community: community.name })
          : status === 'rejected'
            ? t('signup:successful.rejected', { community: community.name })
            : t('signup:successful.signIn', { community: community.name })}
      </p>
    </StatusPage>
  )
}
