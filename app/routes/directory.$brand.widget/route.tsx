import { CommunityLogo } from '#app/components/community-logo'
import { DirectoryRoomList, useDirectory, useDirectoryPath } from '#app/components/directory-room-list'
import type { EmbeddingHandle } from '#app/lib/embedding/route-change'
import { useT } from '#app/lib/i18n/use-t'

// The open launcher: a panel with the rooms, closed back to the launcher's button.
export const handle: EmbeddingHandle = { embeddingPage: 'directoryWidget' }

export default function DirectoryWidget() {
  const { t } = useT()
  const { community } = useDirectory()
  const path = useDirectoryPath()
  return (
    <main id="main" className="framed-page directory-widget stack">
      <div className="directory-widget-bar">
        <h1>
          <CommunityLogo src={community.logo} />
          {t('directory:heading', { name: community.name })}
        </h1>
        <a href={path('launcher')} className="button button-small" aria-label={t('directory:close')}>
          ×
        </a>
      </div>
      <DirectoryRoomList framed />
      <p>
        <a href={`/directory/${community.slug}/page`} target="_blank" rel="noopener">
          {t('directory:fullPage')}
        </a>
      </p>
    </main>
  )
}
