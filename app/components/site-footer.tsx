import { LanguageSwitch } from './language-switch'

/** The foot of every page: the language choice, out of the header's way (none where the community fixed the language). */
export function SiteFooter({ languageLocked }: { languageLocked: boolean }) {
  if (languageLocked) return null
  return (
    <footer className="site-footer">
      <LanguageSwitch />
    </footer>
  )
}
