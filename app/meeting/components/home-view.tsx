import { useEffect, useState } from 'react'
import { useT } from '#app/lib/i18n/use-t'
import { edgeRefusalKey } from '../edge-refusals'
import { useMeetingContext } from './meeting-context'

/** The room's front page: its name, its host and the Join button (view "home"). */
export function HomeView() {
  const { t } = useT()
  const { meeting, config } = useMeetingContext()
  // Server HTML and the first client render show the button disabled: it does nothing until hydrated.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const error = meeting.state.joinError
  // A refusal the client knows (the late-joiner window, the edge's limits) in the viewer's language.
  const refusal = error ? edgeRefusalKey(error) : null
  return (
    <main id="main" className="meeting-home">
      <div className="card meeting-home-card">
        <p className="eyebrow">{t('meeting:home.eyebrow')}</p>
        <h1>{config.room.name}</h1>
        {config.room.description ? <p>{config.room.description}</p> : null}
        {config.host ? (
          <p className="meeting-host">
            {config.host.avatar ? (
              <img src={config.host.avatar} alt="" width={40} height={40} className="meeting-avatar" />
            ) : null}
            <span>{t('meeting:home.hostedBy', { name: config.host.name })}</span>
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="meeting-error">
            {t('meeting:home.joinFailed', { reason: refusal ? t(refusal) : error })}
          </p>
        ) : null}
        {/* Not <noscript>: a browser whose scripts are blocked by policy or failed to load would
            hide it too. Until the page hydrates, the message is simply true. */}
        {hydrated ? null : (
          <p className="meeting-needs-js" role="status">
            {t('meeting:home.needsJavaScript')}
          </p>
        )}
        <button
          type="button"
          className="button button-primary meeting-join"
          disabled={!hydrated}
          onClick={meeting.actions.openMirrorCheck}
        >
          {t('meeting:home.join')}
        </button>
      </div>
    </main>
  )
}
