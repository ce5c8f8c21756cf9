// /me/tokens: the person's personal access tokens for the JSON API (docs/api.md#tokens). A plain form
// makes one (shown once, in the answer to the post); each row revokes its token. Works without JavaScript.
import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Field, FormErrors } from '#app/components/field'
import { SCOPES, TOKEN_LIFETIMES, TOKEN_NAME_MAX, type NewTokenFields } from '#app/lib/api-tokens/api-token.schema'
import { formatDate } from '#app/lib/i18n/dates'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { tokensAction, tokensLoader, type TokensActionData } from './tokens.server'
import { accountStyles } from '#app/styles/stylesheets'

export const links = accountStyles

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'account:tokens.title')
export const loader = (args: LoaderFunctionArgs) => tokensLoader(args)
export const action = (args: ActionFunctionArgs) => tokensAction(args)
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function Tokens() {
  const { t, language } = useT()
  const { tokens, communities, constraint } = useLoaderData<typeof loader>()
  const answer = useActionData<TokensActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<NewTokenFields>({
    id: 'new-token',
    lastResult: answer?.result,
    defaultValue: { scope: 'read', lifetime: '30' },
    constraint,
    shouldValidate: 'onSubmit',
  })
  const date = (iso: string) => formatDate(new Date(iso), { language })
  const scope = fields.scope.initialValue ?? 'read'
  return (
    <main id="main" className="page account-page">
      <h1>{t('account:tokens.title')}</h1>
      <p className="lead">{t('account:tokens.intro')}</p>

      {answer?.secret ? (
        <section role="status" className="card notice notice-success stack" aria-labelledby="new-token-secret">
          <h2 id="new-token-secret">{t('account:tokens.createdTitle')}</h2>
          <input
            type="text"
            readOnly
            value={answer.secret}
            aria-labelledby="new-token-secret"
            className="token-secret"
            spellCheck={false}
          />
          <p>{t('account:tokens.createdHint')}</p>
        </section>
      ) : null}

      <section className="stack" aria-labelledby="new-token-title">
        <h2 id="new-token-title">{t('account:tokens.newTitle')}</h2>
        <FormErrors errors={form.errors} />
        <Form method="post" {...getFormProps(form)} className="stack card member-form">
          <input type="hidden" name="intent" value="create" />
          <Field label={t('account:tokens.name')} errors={fields.name.errors}>
            <input
              {...getInputProps(fields.name, { type: 'text' })}
              maxLength={TOKEN_NAME_MAX}
              autoComplete="off"
              aria-describedby="token-name-hint"
            />
          </Field>
          <p id="token-name-hint" className="hint">
            {t('account:tokens.nameHint')}
          </p>
          <fieldset key={`scope-${form.key}`}>
            <legend>{t('account:tokens.scope')}</legend>
            {SCOPES.map((value) => (
              <div className="checkbox-field" key={value}>
                <input
                  type="radio"
                  id={`${fields.scope.id}-${value}`}
                  name={fields.scope.name}
                  value={value}
                  defaultChecked={scope === value}
                />
                <label htmlFor={`${fields.scope.id}-${value}`}>{t(`account:tokens.scopes.${value}`)}</label>
              </div>
            ))}
            {fields.scope.errors?.length ? (
              <p className="field-error">{fields.scope.errors.map((error) => t(error as never)).join(' ')}</p>
            ) : null}
          </fieldset>
          <Field label={t('account:tokens.community')} errors={fields.brandId.errors}>
            <select {...getSelectProps(fields.brandId)}>
              <option value="">{t('account:tokens.everyCommunity')}</option>
              {communities.map((community) => (
                <option key={community.id} value={community.id}>
                  {community.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('account:tokens.lifetime')} errors={fields.lifetime.errors}>
            <select {...getSelectProps(fields.lifetime)}>
              {TOKEN_LIFETIMES.map((days) => (
                <option key={days} value={days}>
                  {t(`account:tokens.lifetimes.days${days}`)}
                </option>
              ))}
            </select>
          </Field>
          <div className="inline-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {t('account:tokens.create')}
            </button>
          </div>
        </Form>
      </section>

      <section className="stack" aria-labelledby="token-list-title">
        <h2 id="token-list-title">{t('account:tokens.listTitle')}</h2>
        {answer?.revokeError ? (
          <div role="alert" className="notice notice-error">
            <p>{t(answer.revokeError)}</p>
          </div>
        ) : null}
        {tokens.length === 0 ? (
          <div className="card">
            <p>{t('account:tokens.empty')}</p>
          </div>
        ) : (
          <div className="table-scroll">
            <table className="members-table">
              <caption className="visually-hidden">{t('account:tokens.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('account:tokens.columns.name')}</th>
                  <th scope="col">{t('account:tokens.columns.scope')}</th>
                  <th scope="col">{t('account:tokens.columns.community')}</th>
                  <th scope="col">{t('account:tokens.columns.expires')}</th>
                  <th scope="col">{t('account:tokens.columns.lastUsed')}</th>
                  <th scope="col">{t('account:tokens.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {tokens.map((token) => (
                  <tr key={token.id}>
                    <td>
                      {token.name}
                      <br />
                      <code>{token.prefix}…</code>
                    </td>
                    <td data-label={t('account:tokens.columns.scope')}>
                      {t(`account:tokens.scopeNames.${token.scope}`)}
                    </td>
                    <td data-label={t('account:tokens.columns.community')}>
                      {token.community ?? t('account:tokens.everyCommunity')}
                    </td>
                    <td data-label={t('account:tokens.columns.expires')}>
                      <time dateTime={token.expiresAt}>{date(token.expiresAt)}</time>
                    </td>
                    <td data-label={t('account:tokens.columns.lastUsed')}>
                      {token.lastUsedAt
                        ? t('account:tokens.usedFrom', {
                            time: date(token.lastUsedAt),
                            address: token.lastUsedAddress ?? '?',
                          })
                        : t('account:tokens.never')}
                    </td>
                    <td>
                      <Form method="post">
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="tokenId" value={token.id} />
                        <button
                          type="submit"
                          className="button button-small button-danger"
                          aria-label={t('account:tokens.revokeLabel', { name: token.name })}
                        >
                          {t('account:tokens.revoke')}
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <p className="inline-actions">
        <Link to="/me" className="button">
          {t('account:tokens.back')}
        </Link>
      </p>
    </main>
  )
}
