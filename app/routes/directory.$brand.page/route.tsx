import { DirectoryRoomList, useDirectory } from '#app/components/directory-room-list'
import type { EmbeddingHandle } from '#app/lib/embedding/route-change'
import { useT } from '#app/lib/i18n/use-t'

// The directory as a page of its own, for sharing its address (each room's link, and its QR code).
export const handle: EmbeddingHandle = { embeddingPage: 'directoryPage' }

export default function DirectoryPage() {
  const { t } = useT()
  const { community } = useDirectory()
  return (
    <main id="main" className="page stack directory-page">
      <h1>{t('directory:heading', { name: community.name })}</h1>
      <p className="lead">{t('directory:intro', { name: community.name })}</p>
      <DirectoryRoomList framed={false} withQr />
    </main>
  )
}
