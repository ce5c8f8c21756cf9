import { useT } from '#app/lib/i18n/use-t'

type Snippets = { communityUrl: string; community: string; directory: string; script: string }

/** The embed snippets of a community (app/lib/settings/install.ts), each in a read-only box to copy from. Needs the settings and directory texts. */
export function InstallInstructions({ snippets }: { snippets: Snippets }) {
  const { t } = useT()
  return (
    <div className="stack install-snippets">
      <section className="card stack" aria-labelledby="install-community-heading">
        <h2 id="install-community-heading">{t('settings:install.communityHeading')}</h2>
        <div className="field">
          <label htmlFor="snippet-community">{t('settings:install.communitySnippet')}</label>
          <textarea
            id="snippet-community"
            readOnly
            rows={5}
            value={snippets.community}
            className="snippet"
            spellCheck={false}
          />
        </div>
        <p>
          {t('settings:install.link')} <a href={snippets.communityUrl}>{snippets.communityUrl}</a>
        </p>
      </section>
      <section className="card stack" aria-labelledby="install-script-heading">
        <h2 id="install-script-heading">{t('directory:install.scriptHeading')}</h2>
        <div className="field">
          <label htmlFor="snippet-script">{t('directory:install.scriptSnippet')}</label>
          <textarea
            id="snippet-script"
            readOnly
            rows={3}
            value={snippets.script}
            className="snippet"
            spellCheck={false}
          />
        </div>
        <p className="hint">{t('directory:install.scriptHint')}</p>
      </section>
      <section className="card stack" aria-labelledby="install-directory-heading">
        <h2 id="install-directory-heading">{t('settings:install.directoryHeading')}</h2>
        <div className="field">
          <label htmlFor="snippet-directory">{t('settings:install.directorySnippet')}</label>
          <textarea
            id="snippet-directory"
            readOnly
            rows={5}
            value={snippets.directory}
            className="snippet"
            spellCheck={false}
          />
        </div>
      </section>
    </div>
  )
}
