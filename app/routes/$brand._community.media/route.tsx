import { getZodConstraint } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ListingTabs } from '#app/components/listing-tabs'
import { MediaItemRow } from '#app/components/media-item-row'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { INPUT_ACCEPT, MEDIA_TABS, TAB_KIND, mediaUrl } from '#app/lib/media/media-rules'
import { MediaUploadSchema } from '#app/lib/media/media.schema'
import { mediaAction, mediaLoader, type MediaActionData } from './media.server'
import { UploadProgress, useUploadWithProgress } from './upload-progress'

export const handle: CommunityHandle = { nav: () => ({ page: 'media' }) }
export const loader = (args: LoaderFunctionArgs) => mediaLoader(args)
export const action = (args: ActionFunctionArgs) => mediaAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'media:title.page')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

const constraint = getZodConstraint(MediaUploadSchema)

export default function MediaPage() {
  const { t } = useT()
  const { community, group, mayAdd, tab, listing } = useLoaderData<typeof loader>()
  const failed = useActionData<MediaActionData>()
  const roomId = group?.id ?? null
  return (
    <main id="main" className="community-main members-page media-page">
      {group ? (
        <p className="breadcrumb">
          <Link to={group.url}>{t('media:group.back', { name: group.name })}</Link>
        </p>
      ) : null}
      <div className="members-header">
        <h1>{group ? t('media:group.title', { name: group.name }) : t('media:title.page')}</h1>
      </div>

      <ListingTabs
        label={t('media:tabs.label')}
        tabs={MEDIA_TABS}
        current={tab}
        href={(each) => mediaUrl(community.slug, each, 1, roomId)}
        name={(each) => t(`media:tabs.${each}`)}
      />

      {mayAdd ? (
        <UploadForm failed={failed?.form === 'upload' ? failed : undefined} />
      ) : (
        <p className="hint">{t('media:group.readOnly')}</p>
      )}

      {failed?.form === 'delete' ? (
        <div role="alert" className="notice notice-error">
          <p>{t(failed.error, failed.values)}</p>
        </div>
      ) : null}

      {listing.total === 0 ? (
        <p className="muted">{t(`media:list.empty.${tab}`)}</p>
      ) : (
        <div className="table-scroll">
          <table className="members-table media-table">
            <caption className="visually-hidden">{t('media:list.caption', { tab: t(`media:tabs.${tab}`) })}</caption>
            <tbody>
              {listing.rows.map((row) => (
                <MediaItemRow
                  key={row.id}
                  row={row}
                  href={`/${community.slug}/media/${row.id}`}
                  deleteAction={row.removable ? mediaUrl(community.slug, tab, listing.page, roomId) : null}
                  deleteLabel={t('media:list.delete')}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {listing.pages > 1 ? (
        <nav aria-label={t('media:list.pagination')} className="pagination">
          {listing.page > 1 ? (
            <Link
              to={mediaUrl(community.slug, tab, listing.page - 1, roomId)}
              rel="prev"
              className="button button-small"
            >
              {t('media:list.previous')}
            </Link>
          ) : null}
          <p aria-current="page">{t('media:list.pageOf', { page: listing.page, pages: listing.pages })}</p>
          {listing.page < listing.pages ? (
            <Link
              to={mediaUrl(community.slug, tab, listing.page + 1, roomId)}
              rel="next"
              className="button button-small"
            >
              {t('media:list.next')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </main>
  )
}

/**
 * A plain multipart form (it works without JavaScript); where JavaScript runs, the same post goes
 * through XMLHttpRequest so the upload's progress can be shown.
 */
function UploadForm({ failed }: { failed?: MediaActionData }) {
  const { t } = useT()
  const { community, group, tab, limits } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const upload = useUploadWithProgress()
  const error = upload.error ?? failed
  const busy =
    upload.progress !== null || (navigation.state === 'submitting' && navigation.formEncType === 'multipart/form-data')
  return (
    <section aria-labelledby="upload-heading" className="card">
      <h2 id="upload-heading">{t('media:upload.heading')}</h2>
      <Form
        method="post"
        encType="multipart/form-data"
        action={mediaUrl(community.slug, tab, 1, group?.id ?? null)}
        className="stack"
        onSubmit={upload.onSubmit}
        noValidate
      >
        <div className="field">
          <label htmlFor="media-files">{t('media:upload.label', { max: limits.max })}</label>
          <input
            id="media-files"
            name="files"
            type="file"
            multiple
            required={constraint.files?.required}
            accept={INPUT_ACCEPT[TAB_KIND[tab]]}
            {...(error ? { 'aria-invalid': true, 'aria-describedby': 'media-files-error' } : {})}
          />
          {error ? (
            <p id="media-files-error" className="field-error" role="alert">
              {t(error.error, error.values)}
            </p>
          ) : null}
        </div>
        <p className="hint">{t('media:upload.hint', { accepted: limits.accepted, size: limits.sizeMb })}</p>
        <UploadProgress progress={upload.progress} />
        <div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('media:upload.button')}
          </button>
        </div>
      </Form>
    </section>
  )
}
