import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { EventEditorFrame } from '#app/components/event-editor-frame'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { editorUrl } from '#app/lib/events/event-rules'
import { GROUPS_TEXT_MAX, GROUP_MAX_EMAILS } from '#app/lib/events/event-members-rules'
import { groupsAction, groupsLoader, type GroupsActionData } from '#app/lib/events/event-members-routes.server'
import type { GroupProblem } from '#app/lib/events/predefined-groups'
import { pageTitle } from '#app/lib/http/meta'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'

// The composition tab's predefined breakout groups ("Breakout invitations need at least 2 valid
// email addresses."; a CSV upload has one column of comma-separated emails, one row per group): the
// saved groups with a clear button, and a paste-or-upload form that saves nothing when any row is
// wrong, saying which.
export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => groupsLoader(args)
export const action = (args: ActionFunctionArgs) => groupsAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'eventMembers:groups.title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

function problemText(t: ReturnType<typeof useT>['t'], problem: GroupProblem) {
  switch (problem.problem) {
    case 'tooFew':
      return t('eventMembers:groups.problems.tooFew', { row: problem.row })
    case 'tooMany':
      return t('eventMembers:groups.problems.tooMany', { row: problem.row, max: GROUP_MAX_EMAILS })
    case 'invalidEmail':
      return t('eventMembers:groups.problems.invalidEmail', { row: problem.row, email: problem.email })
    case 'twice':
      return t('eventMembers:groups.problems.twice', { row: problem.row, email: problem.email, first: problem.first })
  }
}

export default function PredefinedGroups() {
  const { t } = useT()
  const { brandSlug, event, refusal, groups, maxKilobytes } = useLoaderData<typeof loader>()
  const answer = useActionData<GroupsActionData>()
  const busy = useNavigation().state === 'submitting'
  const typed = (answer?.result?.initialValue as { groups?: string } | undefined)?.groups ?? ''
  const fieldErrors = (answer?.result?.error?.groups ?? []) as string[]
  const formErrors = [...((answer?.result?.error?.[''] ?? []) as string[]), ...(answer?.error ? [answer.error] : [])]
  const problems = answer?.problems ?? []
  const invalid = fieldErrors.length > 0 || problems.length > 0
  return (
    <EventEditorFrame
      brandSlug={brandSlug}
      event={event}
      refusal={refusal}
      formErrors={formErrors}
      current="composition"
    >
      {event ? (
        <div className="stack event-members">
          <p className="breadcrumb">
            <Link to={editorUrl(brandSlug, event.slug, 'composition')}>{t('eventMembers:groups.back')}</Link>
          </p>
          <h2>{t('eventMembers:groups.title')}</h2>
          <p className="lead">{t('eventMembers:groups.intro')}</p>

          <section aria-labelledby="groups-saved" className="card stack">
            <h3 id="groups-saved">
              {groups.length ? t('eventMembers:groups.count', { count: groups.length }) : t('eventMembers:groups.none')}
            </h3>
            {groups.length ? (
              <>
                <ol className="predefined-groups">
                  {groups.map((group, index) => (
                    <li key={index}>
                      <span className="visually-hidden">{t('eventMembers:groups.group', { number: index + 1 })}: </span>
                      {group.join(', ')}
                    </li>
                  ))}
                </ol>
                <Form method="post">
                  <input type="hidden" name="intent" value="clear" />
                  <button type="submit" className="button button-danger" disabled={busy}>
                    {t('eventMembers:groups.clear')}
                  </button>
                </Form>
              </>
            ) : null}
          </section>

          <Form method="post" encType="multipart/form-data" className="stack card member-form" noValidate>
            <input type="hidden" name="intent" value="save" />
            {problems.length ? (
              <div role="alert" className="notice notice-error" id="groups-problems">
                <p>{t('eventMembers:groups.problems.title')}</p>
                <ul>
                  {problems.map((problem, index) => (
                    <li key={index}>{problemText(t, problem)}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <p className="hint">{t('eventMembers:groups.rule')}</p>
            <div className="field">
              <label htmlFor="groups-text">{t('eventMembers:groups.text')}</label>
              <textarea
                id="groups-text"
                name="groups"
                rows={6}
                maxLength={GROUPS_TEXT_MAX}
                defaultValue={typed}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={[
                  'groups-text-hint',
                  fieldErrors.length ? 'groups-text-error' : '',
                  problems.length ? 'groups-problems' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
              />
              <p id="groups-text-hint" className="hint">
                {t('eventMembers:groups.textHint')}
              </p>
              {fieldErrors.length ? (
                <p id="groups-text-error" className="field-error" role="alert">
                  {fieldErrors.map((error) => t(error as TranslationKey)).join(' ')}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor="groups-file">{t('eventMembers:groups.file')}</label>
              <input
                id="groups-file"
                name="file"
                type="file"
                accept=".csv,text/csv,text/plain"
                aria-describedby="groups-file-hint"
              />
              <p id="groups-file-hint" className="hint">
                {t('eventMembers:groups.fileHint', { size: maxKilobytes })}
              </p>
            </div>
            {groups.length ? <p className="hint">{t('eventMembers:groups.replaceNote')}</p> : null}
            <div className="inline-actions">
              <button type="submit" className="button button-primary" disabled={busy}>
                {t('eventMembers:groups.save')}
              </button>
            </div>
          </Form>
        </div>
      ) : null}
    </EventEditorFrame>
  )
}
