import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { StatusPage } from '#app/components/status-page'
import { pageTitle } from '#app/lib/meta'
import { useT } from '#app/lib/use-t'
import { Brand, Room } from '#app/lib/db.server'
import { normaliseSlug } from '#models/slugs'

export async function loader({ params }: LoaderFunctionArgs) {
  const slug = normaliseSlug(params.room ?? '')
  const room = await Room.findOne({
    where: { slug, status: 'active', deleted: false },
    include: [{ model: Brand, as: 'brand', where: { status: 'active' }, attributes: ['slug'] }],
    order: [['createdAt', 'ASC']],
  })
  const brand = room ? (room.get('brand') as Brand) : null
  return {
    name: room?.name ?? slug,
    rejoinUrl: room && brand ? `/${brand.slug}/${room.slug}` : null,
  }
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageTitle(matches, 'pages:roomThankYou.title', { room: data?.name ?? '' })

export default function RoomThankYou() {
  const { t } = useT()
  const { name, rejoinUrl } = useLoaderData<typeof loader>()
  return (
    <StatusPage
      title={t('pages:roomThankYou.title', { room: name })}
      actions={
        <>
          {rejoinUrl ? (
            <Link to={rejoinUrl} className="button button-primary">
              {t('pages:roomThankYou.rejoin', { room: name })}
            </Link>
          ) : null}
          <Link to="/" className="button">
            {t('common:actions.goHome')}
          </Link>
        </>
      }
    >
      <p>{t('pages:roomThankYou.message')}</p>
    </StatusPage>
  )
}
