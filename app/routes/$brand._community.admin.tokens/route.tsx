// /{brand}/admin/tokens: the community's API tokens, each a bot's (docs/api.md#community-tokens), in the panel the
// personal tokens page shares (app/components/api-tokens.tsx).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ApiTokensPanel, type TokensAnswer } from '#app/components/api-tokens'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { communityTokensAction, communityTokensLoader } from './tokens.server'

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'admin:tokens.title')
export const loader = (args: LoaderFunctionArgs) => communityTokensLoader(args)
export const action = (args: ActionFunctionArgs) => communityTokensAction(args)

export default function CommunityTokens() {
  const { t } = useT()
  const { tokens, constraint } = useLoaderData<typeof loader>()
  return (
    <>
      <h1>{t('admin:tokens.title')}</h1>
      <p className="lead">{t('admin:tokens.intro')}</p>
      <ApiTokensPanel
        listTitle={t('admin:tokens.listTitle')}
        tokens={tokens}
        communities={null}
        constraint={constraint}
        answer={useActionData<TokensAnswer>()}
      />
    </>
  )
}
