import { DirectoryRoomList, useDirectory } from '#app/components/directory-room-list'
import type { EmbeddingHandle } from '#app/lib/embedding/route-change'
import { useT } from '#app/lib/i18n/use-t'

// The listing a site shows inside its page (directory type "listing"): the rooms, nothing around them.
export const handle: EmbeddingHandle = { embeddingPage: 'directoryListing' }

export default function DirectoryListing() {
  const { t } = useT()
  const { community } = useDirectory()
  return (
    <main id="main" className="framed-page stack">
      <h1 className="visually-hidden">{t('directory:heading', { name: community.name })}</h1>
      <DirectoryRoomList framed />
    </main>
  )
}
