import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminPaging, AdminSearch } from '#app/components/admin-listing'
import { DIRECTORY_VISIBILITIES } from '#app/lib/admin/admin.schema'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { directoryAction, directoryLoader, type DirectoryActionData } from './directory.server'

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'admin:directory.title')
export const loader = (args: LoaderFunctionArgs) => directoryLoader(args)
export const action = (args: ActionFunctionArgs) => directoryAction(args)

export default function AdminDirectory() {
  const { t } = useT()
  const { slug, query, rooms, paging } = useLoaderData<typeof loader>()
  const refused = useActionData<DirectoryActionData>()
  const busy = useNavigation().state === 'submitting'
  return (
    <>
      <h1>{t('admin:directory.title')}</h1>
      <p className="lead">{t('admin:directory.intro')}</p>
      <AdminSearch label={t('admin:rooms.searchLabel')} query={query} />
      {refused && !rooms.some((room) => room.id === refused.id) ? (
        <div role="alert" className="notice notice-error">
          <p>{refused.errors.map((error) => t(error)).join(' ')}</p>
        </div>
      ) : null}
      {rooms.length === 0 ? (
        <p>{t('admin:directory.none')}</p>
      ) : (
        // One small form a room, so each row saves on its own with or without JavaScript.
        <ul className="admin-directory">
          {rooms.map((room) => {
            const name = room.name || room.slug
            const mine = refused?.id === room.id ? refused : null
            const errorId = `directory-${room.id}-error`
            return (
              <li key={room.id} className="card">
                <Form method="post" className="admin-directory-row" aria-label={name}>
                  <input type="hidden" name="intent" value="directory" />
                  <input type="hidden" name="id" value={room.id} />
                  <div className="admin-directory-name">
                    <Link to={`/${slug}/${room.slug}`}>{name}</Link>
                    <p className="muted">{t(`admin:contexts.${room.context}`)}</p>
                  </div>
                  <div className="field">
                    <label htmlFor={`visibility-${room.id}`}>{t('admin:directory.visibility')}</label>
                    <select
                      id={`visibility-${room.id}`}
                      name="visibility"
                      defaultValue={mine?.values.visibility ?? room.visibility}
                      {...(mine ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
                    >
                      {DIRECTORY_VISIBILITIES.map((visibility) => (
                        <option key={visibility} value={visibility}>
                          {t(`admin:directory.visibilities.${visibility}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="checkbox-field">
                    <input type="checkbox" id={`pinned-${room.id}`} name="pinned" defaultChecked={mine ? mine.values.pinned : room.pinned} />
                    <label htmlFor={`pinned-${room.id}`}>{t('admin:directory.pinned')}</label>
                  </div>
                  <button type="submit" className="button button-small" disabled={busy} aria-label={t('admin:directory.saveRoom', { name })}>
                    {t('admin:directory.save')}
                  </button>
                  {mine ? (
                    <p id={errorId} role="alert" className="field-error">
                      {mine.errors.map((error) => t(error)).join(' ')}
                    </p>
                  ) : null}
                </Form>
              </li>
            )
          })}
        </ul>
      )}
      <AdminPaging paging={paging} />
    </>
  )
}
