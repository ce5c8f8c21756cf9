import { useDirectory, useDirectoryPath } from '#app/components/directory-room-list'
import type { EmbeddingHandle } from '#app/lib/embedding/route-change'
import { useT } from '#app/lib/i18n/use-t'

// The launcher (route name directoryLauncher): the one button the embed script pins to a corner of the site.
export const handle: EmbeddingHandle = { embeddingPage: 'directoryLauncher' }

export default function DirectoryLauncher() {
  const { t } = useT()
  const { community, placement } = useDirectory()
  const path = useDirectoryPath()
  // The button sits in the frame's corner nearest the page's: the frame is wider than a short name.
  return (
    <main id="main" className={`framed-page directory-launcher directory-launcher-${placement.position}`}>
      <a href={path('widget')} className="button button-primary">
        {t('directory:open', { name: community.name })}
      </a>
    </main>
  )
}
