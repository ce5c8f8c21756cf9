import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { StatusPage } from '#app/components/status-page'
import { MINIMUM_VERSIONS, checkBrowser } from '#app/lib/http/browser-support.server'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'pages:unsupportedDevice.title')

export function loader({ request }: LoaderFunctionArgs) {
  const verdict = checkBrowser(request.headers.get('user-agent'))
  const minimums = Object.entries(MINIMUM_VERSIONS).flatMap(([os, browsers]) =>
    Object.entries(browsers).map(([browser, version]) => ({ os, browser, version })),
  )
  return { verdict, minimums }
}

export default function UnsupportedDevice() {
  const { t } = useT()
  const { verdict, minimums } = useLoaderData<typeof loader>()
  return (
    <StatusPage title={t('pages:unsupportedDevice.title')}>
      {verdict.browser && verdict.platform && verdict.version !== null ? (
        <p>
          {t('pages:unsupportedDevice.detected', {
            browser: verdict.browser,
            version: verdict.version,
            os: verdict.platform,
          })}
        </p>
      ) : null}
      <p>{t('pages:unsupportedDevice.message')}</p>
      <ul className="browser-list">
        {minimums.map(({ os, browser, version }) => (
          <li key={`${os}-${browser}`}>{t('pages:unsupportedDevice.minimum', { browser, version, os })}</li>
        ))}
      </ul>
    </StatusPage>
  )
}
