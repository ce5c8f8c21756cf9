import { Form, useNavigation } from '@remix-run/react'
import { formatDate } from '#app/lib/i18n/dates'
import { useT } from '#app/lib/i18n/use-t'
import type { MediaRow } from '#app/lib/media/media-library.server'
import { formatSize } from '#app/lib/media/media-rules'

/**
 * One stored item in a table (the media library, a personal room's recordings): its preview, its
 * name linking to the file at `href`, size and date, and a plain delete form posted to `deleteAction`.
 */
export function MediaItemRow({
  row,
  href,
  deleteAction,
  deleteLabel,
}: {
  row: MediaRow
  href: string
  /** Null where the viewer may not delete it (someone else's item in a group's library). */
  deleteAction: string | null
  deleteLabel: string
}) {
  const { language } = useT()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('mediaId') === row.id
  return (
    <tr>
      <td>
        <div className="member-cell">
          {row.kind === 'image' ? (
            <img
              src={href}
              alt=""
              className="media-thumb"
              loading="lazy"
              width={row.width ?? undefined}
              height={row.height ?? undefined}
            />
          ) : null}
          {row.kind === 'video' ? (
            <video src={href} className="media-thumb" preload="metadata" muted aria-hidden="true" />
          ) : null}
          <div>
            <a href={href} className="member-name" target="_blank" rel="noopener">
              {row.name}
            </a>
            <div className="muted member-contact">
              {formatSize(row.size, language)}
              {row.width && row.height ? ` · ${row.width} × ${row.height}` : null}
            </div>
          </div>
        </div>
      </td>
      <td>
        <time dateTime={row.createdAt}>{formatDate(new Date(row.createdAt), { language, dateOnly: true })}</time>
      </td>
      <td>
        {deleteAction ? (
          <Form method="post" action={deleteAction}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="mediaId" value={row.id} />
            <button type="submit" className="button button-small button-danger" disabled={busy}>
              {deleteLabel}
              <span className="visually-hidden"> {row.name}</span>
            </button>
          </Form>
        ) : null}
      </td>
    </tr>
  )
}
