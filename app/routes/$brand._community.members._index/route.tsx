import { ConnectButton } from '#app/components/connect-button'
import { ListingTabs } from '#app/components/listing-tabs'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { formatDate } from '#app/lib/i18n/dates'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import type { SignupAnswer } from '#app/lib/communities/signup-answers'
import type { MemberRow } from '#app/lib/members/member-list.server'
import { membersUrl, type MemberAction } from '#app/lib/members/member-rules'
import { membersAction, membersLoader, type MembersActionData } from './members.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'members' }) }
export const loader = (args: LoaderFunctionArgs) => membersLoader(args)
export const action = (args: ActionFunctionArgs) => membersAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'members:title.page')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

/** The row buttons that change a state, in the order they show (delete has its own confirmation form). */
const STATE_ACTIONS = [
  'approve',
  'activate',
  'resend',
  'restore',
  'reserve',
  'archive',
  'reject',
] as const satisfies readonly MemberAction[]
const PRIMARY: ReadonlySet<MemberAction> = new Set(['approve', 'restore'])

export default function MembersPage() {
  const { t } = useT()
  const { community, tabs, listing, may, viewerId } = useLoaderData<typeof loader>()
  const failed = useActionData<MembersActionData>()
  const base = { tab: listing.tab, query: listing.query }
  const from = listing.total === 0 ? 0 : (listing.page - 1) * listing.perPage + 1
  const to = Math.min(listing.page * listing.perPage, listing.total)
  const showActions = listing.rows.some((row) => row.actions.length > 0)
  return (
    <main id="main" className="community-main members-page">
      <div className="members-header">
        <h1>{t('members:title.page')}</h1>
        {may.manage ? (
          <div className="inline-actions">
            <Link to={`/${community.slug}/members/new`} className="button button-primary">
              {t('members:actions.add')}
            </Link>
            <Link to={`/${community.slug}/members/import`} className="button">
              {t('members:actions.import')}
            </Link>
            <Link to={`/${community.slug}/members/invitations`} className="button">
              {t('members:invitations.link')}
            </Link>
            {may.export ? (
              <a href={`/${community.slug}/members/export`} className="button" download>
                {t('members:export.link')}
              </a>
            ) : null}
          </div>
        ) : null}
      </div>

      {/* A refused delete shows beside its own form; any other refusal here. */}
      {failed && failed.intent !== 'delete' ? (
        <div role="alert" className="notice notice-error">
          <p>{t(failed.error)}</p>
        </div>
      ) : null}

      {tabs.length > 1 ? (
        <ListingTabs
          label={t('members:tabs.label')}
          tabs={tabs}
          current={listing.tab}
          href={(tab) => membersUrl(community.slug, { tab, query: listing.query })}
          name={(tab) => t(`members:tabs.${tab}`)}
          counts={listing.counts}
        />
      ) : null}

      <form method="get" role="search" className="members-search">
        {listing.tab !== 'active' ? <input type="hidden" name="tab" value={listing.tab} /> : null}
        <label htmlFor="members-q">{t('members:list.search')}</label>
        <div className="members-search-row">
          <input
            id="members-q"
            type="search"
            name="q"
            defaultValue={listing.query}
            maxLength={100}
            autoComplete="off"
          />
          <button type="submit" className="button">
            {t('members:list.searchButton')}
          </button>
          {listing.query ? (
            <Link to={membersUrl(community.slug, { tab: listing.tab })} className="button">
              {t('members:list.clearSearch')}
            </Link>
          ) : null}
        </div>
      </form>

      {listing.total === 0 ? (
        <p className="muted">
          {listing.query ? t('members:list.noMatches', { query: listing.query }) : t('members:list.empty')}
        </p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {t('members:list.showing', { from, to, total: listing.total })}
          </p>
          <div className="table-scroll">
            <table className="members-table">
              <caption className="visually-hidden">
                {t('members:list.caption', { tab: t(`members:tabs.${listing.tab}`) })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('members:list.columns.member')}</th>
                  <th scope="col">{t('members:list.columns.roles')}</th>
                  <th scope="col">{t('members:list.columns.joined')}</th>
                  <th scope="col">{t('members:list.columns.status')}</th>
                  {showActions ? <th scope="col">{t('members:list.columns.actions')}</th> : null}
                </tr>
              </thead>
              <tbody>
                {listing.rows.map((row) => (
                  <MemberRowView
                    key={row.userId}
                    row={row}
                    slug={community.slug}
                    failed={failed?.userId === row.userId ? failed : undefined}
                    showActions={showActions}
                    canConnect={viewerId !== null && viewerId !== row.userId && row.status === 'active'}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      {listing.pages > 1 ? (
        <nav aria-label={t('members:list.pagination')} className="pagination">
          {listing.page > 1 ? (
            <Link
              to={membersUrl(community.slug, { ...base, page: listing.page - 1 })}
              rel="prev"
              className="button button-small"
            >
              {t('members:list.previous')}
            </Link>
          ) : null}
          <p aria-current="page">{t('members:list.pageOf', { page: listing.page, pages: listing.pages })}</p>
          {listing.page < listing.pages ? (
            <Link
              to={membersUrl(community.slug, { ...base, page: listing.page + 1 })}
              rel="next"
              className="button button-small"
            >
              {t('members:list.next')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </main>
  )
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('')
}

function MemberRowView({
  row: listed,
  slug,
  failed,
  showActions,
  canConnect,
}: {
  row: MemberRow
  slug: string
  failed?: MembersActionData
  showActions: boolean
  canConnect: boolean
}) {
  const { t, language } = useT()
  // A nameless member is shown by a neutral word, never by their address or phone.
  const row = { ...listed, name: listed.name || t('members:list.unnamed') }
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('userId') === row.userId
  const roleName = (role: string) => {
    const key = `members:list.roles.${role.replace(/^community-/, '')}` as TranslationKey
    const text = t(key)
    return text === key ? role : text
  }
  return (
    <tr>
      <td>
        <div className="member-cell">
          {row.avatar ? (
            <img src={row.avatar} alt="" width={36} height={36} className="member-avatar" />
          ) : (
            <span className="member-avatar member-initials" aria-hidden="true">
              {initials(row.name)}
            </span>
          )}
          <div>
            <Link to={`/${slug}/members/${row.userId}`} className="member-name">
              {row.name}
            </Link>
            {row.emailAddress ? <div className="muted member-contact">{row.emailAddress}</div> : null}
            {row.phoneNumber ? <div className="muted member-contact">{row.phoneNumber}</div> : null}
            {canConnect ? (
              <div className="inline-actions member-reach">
                <ConnectButton slug={slug} userId={row.userId} name={row.name} />
                <Link to={`/${slug}/messages/new?to=${encodeURIComponent(row.userId)}`} className="button button-small">
                  {t('members:list.message')}
                  <span className="visually-hidden"> ({row.name})</span>
                </Link>
              </div>
            ) : null}
          </div>
        </div>
      </td>
      <td data-label={t('members:list.columns.roles')}>
        {row.roles.length ? (
          row.roles.map(roleName).join(', ')
        ) : (
          <span className="muted">{t('members:list.noRoles')}</span>
        )}
      </td>
      <td data-label={t('members:list.columns.joined')}>
        <time dateTime={row.joinedAt}>{formatDate(new Date(row.joinedAt), { language, dateOnly: true })}</time>
        {row.invitedAt ? (
          <div className="muted member-contact">
            {t('members:list.invitedAt', { date: formatDate(new Date(row.invitedAt), { language, dateOnly: true }) })}
          </div>
        ) : null}
        {row.signup ? <SignupGiven signup={row.signup} /> : null}
      </td>
      <td data-label={t('members:list.columns.status')}>{t(`members:list.status.${row.status}`)}</td>
      {showActions ? (
        <td>
          <div className="member-actions">
            {STATE_ACTIONS.filter((action) => row.actions.includes(action)).map((action) => (
              <Form key={action} method="post">
                <input type="hidden" name="intent" value={action} />
                <input type="hidden" name="userId" value={row.userId} />
                <button
                  type="submit"
                  className={PRIMARY.has(action) ? 'button button-small button-primary' : 'button button-small'}
                  disabled={busy}
                >
                  {t(`members:actions.${action}`)}
                  <span className="visually-hidden"> {t('members:actions.forMember', { name: row.name })}</span>
                </button>
              </Form>
            ))}
            {row.actions.includes('delete') ? (
              <DeleteMember row={row} failed={failed?.intent === 'delete' ? failed : undefined} busy={busy} />
            ) : null}
          </div>
        </td>
      ) : null}
    </tr>
  )
}

/** Deleting needs the member's email typed out: a disclosure, so it opens without JavaScript. */
function DeleteMember({ row, failed, busy }: { row: MemberRow; failed?: MembersActionData; busy: boolean }) {
  const { t } = useT()
  const inputId = `delete-${row.userId}`
  const errorId = `${inputId}-error`
  const expected = row.emailAddress ?? row.phoneNumber ?? ''
  return (
    <details className="member-delete" open={failed ? true : undefined}>
      <summary className="button button-small">
        {t('members:delete.open')}
        <span className="visually-hidden"> {row.name}</span>
      </summary>
      <Form method="post" className="stack member-delete-form">
        <p className="hint">{t('members:delete.warning')}</p>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="userId" value={row.userId} />
        <div className="field">
          <label htmlFor={inputId}>{t('members:delete.confirm', { email: expected })}</label>
          <input
            id={inputId}
            name="confirmation"
            type="text"
            defaultValue={failed?.confirmation ?? ''}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...(failed ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
          />
          {failed ? (
            <p id={errorId} className="field-error" role="alert">
              {t(failed.error)}
            </p>
          ) : null}
        </div>
        <div>
          <button type="submit" className="button button-small button-danger" disabled={busy}>
            {t('members:delete.button')}
            <span className="visually-hidden"> {row.name}</span>
          </button>
        </div>
      </Form>
    </details>
  )
}

/** What a person gave joining by the sign-up link: when they accepted the terms, their answers. */
function SignupGiven({ signup }: { signup: NonNullable<MemberRow['signup']> }) {
  const { t, language } = useT()
  const shown = (value: SignupAnswer['value']) =>
    typeof value === 'boolean'
      ? t(value ? 'members:list.signup.yes' : 'members:list.signup.no')
      : Array.isArray(value)
        ? value.join(', ')
        : String(value)
  return (
    <div className="muted member-contact">
      {signup.termsAcceptedAt ? (
        <div>
          {t('common:terms.acceptedOn', {
            date: formatDate(new Date(signup.termsAcceptedAt), { language, dateOnly: true }),
          })}
        </div>
      ) : null}
      {signup.answers.length ? (
        <details className="member-answers">
          <summary>{t('members:list.signup.answers')}</summary>
          <dl>
            {signup.answers.map((answer, index) => (
              <div key={index}>
                <dt>{answer.label}</dt>
                <dd>{shown(answer.value) || t('members:list.signup.noAnswer')}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </div>
  )
}
