import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { env } from '#app/lib/platform/env.server'
import { formatDate } from '#app/lib/i18n/dates'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { devConsole } from '#app/lib/platform/dev-console.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'dev:title')

/**
 * The developer console: the dev outbox and the seeded accounts. It exists only with an explicit
 * NODE_ENV=development (an unset or `test` value in a deployed process must not show codes).
 */
export async function loader(args: LoaderFunctionArgs) {
  if (!env.isDevelopment) throw new Response(null, { status: 404, statusText: 'Not Found' })
  return { messages: await routeMessages(args, 'dev'), ...(await devConsole()) }
}

export default function DeveloperConsole() {
  const { t, language } = useT()
  const { outbox, accounts } = useLoaderData<typeof loader>()
  return (
    <main id="main" className="page">
      <h1>{t('dev:title')}</h1>
      <p>{t('dev:intro')}</p>

      <section aria-labelledby="outbox-heading" className="card">
        <h2 id="outbox-heading">{t('dev:outbox')}</h2>
        {outbox.length === 0 ? (
          <p>{t('dev:emptyOutbox')}</p>
        ) : (
          <div className="table-scroll" role="region" aria-labelledby="outbox-heading" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('dev:columns.when')}</th>
                  <th scope="col">{t('dev:columns.channel')}</th>
                  <th scope="col">{t('dev:columns.to')}</th>
                  <th scope="col">{t('dev:columns.subject')}</th>
                  <th scope="col">{t('dev:columns.code')}</th>
                  <th scope="col">{t('dev:columns.status')}</th>
                </tr>
              </thead>
              <tbody>
                {outbox.map((message) => (
                  <tr key={message.id}>
                    <td>{formatDate(new Date(message.createdAt), { language })}</td>
                    <td>{message.channel}</td>
                    <td>{message.recipient}</td>
                    <td>{message.subject}</td>
                    <td>
                      {message.code?.startsWith('http') ? (
                        <a href={message.code}>{message.code}</a>
                      ) : (
                        <code>{message.code}</code>
                      )}
                    </td>
                    <td>{message.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="accounts-heading" className="card">
        <h2 id="accounts-heading">{t('dev:accounts')}</h2>
        {accounts.length === 0 ? (
          <p>{t('dev:noAccounts')}</p>
        ) : (
          <div className="table-scroll" role="region" aria-labelledby="accounts-heading" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('dev:columns.name')}</th>
                  <th scope="col">{t('dev:columns.email')}</th>
                  <th scope="col">{t('dev:columns.community')}</th>
                  <th scope="col">{t('dev:columns.role')}</th>
                </tr>
              </thead>
              <tbody>
                {accounts.map((account) => (
                  <tr key={account.id}>
                    <td>{account.name}</td>
                    <td>{account.emailAddress}</td>
                    <td>{account.community}</td>
                    <td>{account.role}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  )
}
