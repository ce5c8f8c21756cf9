// /me/tokens: the person's personal access tokens for the JSON API (docs/api.md#tokens), in the panel a community's
// admin tokens page shares (app/components/api-tokens.tsx).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ApiTokensPanel, type TokensAnswer } from '#app/components/api-tokens'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { tokensAction, tokensLoader } from './tokens.server'
import { accountStyles } from '#app/styles/stylesheets'

export const links = accountStyles

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'account:tokens.title')
export const loader = (args: LoaderFunctionArgs) => tokensLoader(args)
export const action = (args: ActionFunctionArgs) => tokensAction(args)
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function Tokens() {
  const { t } = useT()
  const { tokens, communities, constraint } = useLoaderData<typeof loader>()
  return (
    <main id="main" className="page account-page">
      <h1>{t('account:tokens.title')}</h1>
      <p className="lead">{t('account:tokens.intro')}</p>
      <ApiTokensPanel
        listTitle={t('account:tokens.listTitle')}
        tokens={tokens}
        communities={communities}
        constraint={constraint}
        answer={useActionData<TokensAnswer>()}
      />
      <p className="inline-actions">
        <Link to="/me" className="button">
          {t('account:tokens.back')}
        </Link>
      </p>
    </main>
  )
}
