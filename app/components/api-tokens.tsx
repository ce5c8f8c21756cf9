// The API tokens panel shared by a person's /me/tokens and a community's /{brand}/admin/tokens (docs/api.md#tokens).
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { Field, FormErrors } from '#app/components/field'
import { ShownOnce } from '#app/components/shown-once'
import { SCOPES, TOKEN_LIFETIMES, TOKEN_NAME_MAX, type NewTokenFields } from '#app/lib/api-tokens/api-token.schema'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { formatDate } from '#app/lib/i18n/dates'
import { useT } from '#app/lib/i18n/use-t'

/** A token as the lists show it (app/lib/api-tokens/api-tokens.server.ts tokenRows). */
export type TokenRow = {
  id: string
  name: string
  scope: (typeof SCOPES)[number]
  prefix: string
  community: string | null
  expiresAt: string
  lastUsedAt: string | null
  lastUsedAddress: string | null
}

/** What a token page's action answers: a refused form, a new token's secret (that answer only), a refused revoke. */
export type TokensAnswer = {
  result?: SubmissionResult<string[]>
  secret?: string
  revokeError?: TranslationKey
}

/**
 * A token list with its new-token form (/me/tokens and a community's /{brand}/admin/tokens): the secret of a token
 * just made (shown once, in the answer to the post), the form, and each token with its last use and Revoke. Plain
 * forms: it works without JavaScript. `communities` offers keeping a personal token to one of them; a community's
 * tokens are its own (null: no choice, no column).
 */
export function ApiTokensPanel({
  tokens,
  communities,
  constraint,
  answer,
  listTitle,
}: {
  /** The list's heading: whose tokens these are. */
  listTitle: string
  tokens: TokenRow[]
  communities: Array<{ id: string; name: string }> | null
  constraint: Parameters<typeof useForm>[0]['constraint']
  answer: TokensAnswer | undefined
}) {
  const { t, language } = useT()
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
    <>
      {answer?.secret ? (
        <ShownOnce id="new-token-secret" title={t('account:tokens.createdTitle')} value={answer.secret}>
          <p>{t('account:tokens.createdHint')}</p>
        </ShownOnce>
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
          {communities ? (
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
          ) : null}
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
        <h2 id="token-list-title">{listTitle}</h2>
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
                  {communities ? <th scope="col">{t('account:tokens.columns.community')}</th> : null}
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
                    {communities ? (
                      <td data-label={t('account:tokens.columns.community')}>
                        {token.community ?? t('account:tokens.everyCommunity')}
                      </td>
                    ) : null}
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
    </>
  )
}
