import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { FollowRoomButton } from '#app/components/connect-button'
import { BreakoutPreviewFields } from '#app/components/breakout-preview-fields'
import { CheckboxField, Field, FormErrors } from '#app/components/field'
import { PostFeed } from '#app/components/post-feed'
import { mediaUrl } from '#app/lib/media/media-rules'
import { GroupAccessFields, GroupJoiningFields } from '#app/components/group-access-fields'
import { GroupTagsField } from '#app/components/group-tags-field'
import { RoomLinkChangeNotice, RoomLinkConfirmButton, RoomLinkField } from '#app/components/member-form-parts'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import type { GroupDetailsFields, GroupInviteFields, GroupPreferencesFields } from '#app/lib/groups/group.schema'
import { groupAction, groupLoader, type GroupActionData } from './group.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'groups' }) }
export const loader = (args: LoaderFunctionArgs) => groupLoader(args)
export const action = (args: ActionFunctionArgs) => groupAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error, data }) =>
  pageTitle({ matches, error }, data?.mayRun === false ? 'groups:page.title' : 'groups:manage.title', {
    name: data?.group.name ?? '',
  })
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

/** One small form per row button: it works without JavaScript. */
function RowButton({
  intent,
  field,
  value,
  label,
  who,
  primary,
}: {
  intent: string
  field: 'userId' | 'requestId'
  value: string
  label: string
  who: string
  primary?: boolean
}) {
  const busy = useNavigation().state === 'submitting'
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={field} value={value} />
      <button
        type="submit"
        className={primary ? 'button button-small button-primary' : 'button button-small'}
        disabled={busy}
      >
        {label}
        <span className="visually-hidden"> {who}</span>
      </button>
    </Form>
  )
}

export default function GroupPage() {
  const { t } = useT()
  const { brandSlug, group, mayRun, feed, origin, following } = useLoaderData<typeof loader>()
  const failed = useActionData<GroupActionData>()
  return (
    <main id="main" className="community-main members-page">
      <p className="breadcrumb">
        <Link to={`/${brandSlug}/groups`}>{t('groups:wizard.back')}</Link>
      </p>
      <div className="members-header">
        <h1>{mayRun ? t('groups:manage.title', { name: group.name }) : group.name}</h1>
        {group.status === 'active' ? (
          <div className="inline-actions">
            <Link to={`/${brandSlug}/${group.slug}`} className="button button-primary">
              {t('groups:actions.enter')}
            </Link>
            {/* The group's shared media library, for those who read its feed. */}
            {feed ? (
              <Link to={mediaUrl(brandSlug, 'images', 1, group.id)} className="button">
                {t('groups:actions.media')}
              </Link>
            ) : null}
            {/* A form of its own, outside every other form of the page. */}
            {following !== null ? (
              <FollowRoomButton slug={brandSlug} roomSlug={group.slug} following={following} name={group.name} />
            ) : null}
          </div>
        ) : null}
      </div>
      <p className="muted">
        {t(`groups:labels.${group.label}`)} · {t(`groups:status.${group.status}`)}
      </p>
      {group.bannerImage ? (
        <img src={group.bannerImage} alt="" width={1200} height={400} className="group-banner" />
      ) : null}
      {failed?.error ? (
        <div role="alert" className="notice notice-error">
          <p>{t(failed.error)}</p>
        </div>
      ) : null}

      {feed ? (
        <PostFeed brandSlug={brandSlug} feed={feed} origin={origin} composeElsewhere />
      ) : group.status === 'active' ? (
        <p className="hint">
          {t('groups:page.feedClosed')} <Link to={`/${brandSlug}/join/${group.slug}`}>{t('groups:actions.join')}</Link>
        </p>
      ) : null}

      {mayRun ? <GroupRunnerSections failed={failed} /> : null}
    </main>
  )
}

/** What the group's host, co-hosts and the community's room managers see: requests, people, invite, details, preferences. */
/** Who a row is about: the name, and the address under it when there is one. */
function PersonCell({ person }: { person: { name: string; emailAddress: string | null } }) {
  return (
    <td>
      <span className="member-name">{person.name}</span>
      {person.emailAddress ? <div className="muted member-contact">{person.emailAddress}</div> : null}
    </td>
  )
}

function GroupRunnerSections({ failed }: { failed: GroupActionData | undefined }) {
  const { t } = useT()
  const loaded = useLoaderData<typeof loader>()
  const { details, preferences } = loaded
  // A nameless person is shown by a neutral word, never by their address.
  const unnamed = t('groups:people.unnamed')
  const requests = loaded.requests.map((request) => ({ ...request, name: request.name || unnamed }))
  const people = loaded.people.map((person) => ({ ...person, name: person.name || unnamed }))
  return (
    <>
      <section className="stack" aria-labelledby="requests-heading">
        <h2 id="requests-heading">{t('groups:manage.requests')}</h2>
        {requests.length === 0 ? (
          <p className="muted">{t('groups:manage.noRequests')}</p>
        ) : (
          <div className="table-scroll">
            <table className="members-table">
              <thead>
                <tr>
                  <th scope="col">{t('groups:manage.columns.person')}</th>
                  <th scope="col">{t('groups:manage.columns.answers')}</th>
                  <th scope="col">{t('groups:list.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {requests.map((request) => (
                  <tr key={request.id}>
                    <PersonCell person={request} />
                    <td data-label={t('groups:manage.columns.answers')}>
                      {request.answers.length ? (
                        <dl className="group-answers">
                          {request.answers.map((answer, index) => (
                            <div key={index}>
                              <dt className="muted member-contact">{answer.question}</dt>
                              <dd>{answer.answer}</dd>
                            </div>
                          ))}
                        </dl>
                      ) : (
                        <span className="muted">{t('groups:manage.noAnswers')}</span>
                      )}
                    </td>
                    <td>
                      <div className="member-actions">
                        <RowButton
                          intent="approveRequest"
                          field="requestId"
                          value={request.id}
                          label={t('groups:people.approveRequest')}
                          who={request.name}
                          primary
                        />
                        <RowButton
                          intent="rejectRequest"
                          field="requestId"
                          value={request.id}
                          label={t('groups:people.rejectRequest')}
                          who={request.name}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="stack" aria-labelledby="people-heading">
        <h2 id="people-heading">{t('groups:manage.people')}</h2>
        <div className="table-scroll">
          <table className="members-table">
            <thead>
              <tr>
                <th scope="col">{t('groups:manage.columns.person')}</th>
                <th scope="col">{t('groups:manage.columns.standing')}</th>
                <th scope="col">{t('groups:list.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {people.map((person) => (
                <tr key={person.userId}>
                  <PersonCell person={person} />
                  <td data-label={t('groups:manage.columns.standing')}>{t(`groups:standing.${person.standing}`)}</td>
                  <td>
                    <div className="member-actions">
                      {person.standing === 'member' ? (
                        <RowButton
                          intent="promote"
                          field="userId"
                          value={person.userId}
                          label={t('groups:people.promote')}
                          who={person.name}
                        />
                      ) : null}
                      {person.standing === 'coHost' ? (
                        <RowButton
                          intent="demote"
                          field="userId"
                          value={person.userId}
                          label={t('groups:people.demote')}
                          who={person.name}
                        />
                      ) : null}
                      {person.standing !== 'host' ? (
                        <RowButton
                          intent="remove"
                          field="userId"
                          value={person.userId}
                          label={t('groups:people.remove')}
                          who={person.name}
                        />
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <InviteForm failed={failed?.intent === 'invite' ? failed : undefined} />

      {details ? <DetailsForm details={details} failed={failed?.intent === 'details' ? failed : undefined} /> : null}

      {preferences ? (
        <PreferencesForm preferences={preferences} failed={failed?.intent === 'preferences' ? failed : undefined} />
      ) : (
        <p className="hint">{t('groups:preferences.onlyCoHosts')}</p>
      )}
    </>
  )
}

function PreferencesForm({
  preferences,
  failed,
}: {
  preferences: {
    allowMembershipRequests: boolean
    manualApproval: boolean
    questions: string
    waitingRoom: boolean
    breakoutPreview: boolean
    breakoutPreviewSeconds: number
  }
  failed?: GroupActionData
}) {
  const { t } = useT()
  const { constraints } = useLoaderData<typeof loader>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<GroupPreferencesFields>({
    id: 'group-preferences',
    lastResult: failed?.result as SubmissionResult<string[]> | undefined,
    defaultValue: { intent: 'preferences', ...preferences },
    constraint: constraints.preferences,
    shouldValidate: 'onSubmit',
  })
  return (
    <section className="stack" aria-labelledby="preferences-heading">
      <h2 id="preferences-heading">{t('groups:preferences.title')}</h2>
      <Form method="post" {...getFormProps(form)} className="stack card member-form">
        <input type="hidden" name="intent" value="preferences" />
        <GroupJoiningFields
          allowMembershipRequests={fields.allowMembershipRequests}
          manualApproval={fields.manualApproval}
          questions={fields.questions}
        />
        <CheckboxField field={fields.waitingRoom} label={t('groups:calls.waitingRoom')} />
        <p className="hint">{t('groups:calls.waitingRoomHint')}</p>
        <BreakoutPreviewFields preview={fields.breakoutPreview} seconds={fields.breakoutPreviewSeconds} />
        <div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('groups:preferences.save')}
          </button>
        </div>
      </Form>
    </section>
  )
}

type Details = Omit<GroupDetailsFields, 'intent' | 'banner' | 'confirm' | 'tagIds' | 'tagsOffered'> & {
  tagIds: string[]
}

/** The group's details; a link change asks first (old links stop working, anyone in the room is kicked). */
function DetailsForm({ details, failed }: { details: Details; failed?: GroupActionData }) {
  const { t } = useT()
  const { brandSlug, constraints, tags } = useLoaderData<typeof loader>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<GroupDetailsFields>({
    id: 'group-details',
    lastResult: failed?.result as SubmissionResult<string[]> | undefined,
    defaultValue: { intent: 'details', ...details },
    constraint: constraints.details,
    shouldValidate: 'onSubmit',
  })
  const confirm = failed?.confirm ?? null
  return (
    <section className="stack" aria-labelledby="details-heading">
      <h2 id="details-heading">{t('groups:editor.title')}</h2>
      <FormErrors errors={form.errors} />
      {confirm ? (
        <RoomLinkChangeNotice change={confirm} prefix={`/${brandSlug}/`} anchor="group-link-confirmation" />
      ) : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="stack card member-form">
        <input type="hidden" name="intent" value="details" />
        <div className="field-grid">
          <Field label={t('groups:wizard.fields.title')} errors={fields.title.errors}>
            <input {...getInputProps(fields.title, { type: 'text' })} autoComplete="off" />
          </Field>
          <RoomLinkField
            field={fields.roomLink}
            label={t('groups:wizard.fields.roomLink')}
            prefix={`/${brandSlug}/`}
            refusal={failed?.refusal ?? null}
          />
        </div>
        <Field label={t('groups:wizard.fields.description')} errors={fields.description.errors}>
          <textarea {...getTextareaProps(fields.description)} rows={3} />
        </Field>
        <GroupAccessFields
          groupType={fields.groupType}
          visibleInDirectory={fields.visibleInDirectory}
          pinnedInDirectory={fields.pinnedInDirectory}
        />
        <div className="field-grid">
          <Field label={t('groups:editor.redirectOnEndUrl')} errors={fields.redirectOnEndUrl.errors}>
            <input {...getInputProps(fields.redirectOnEndUrl, { type: 'url' })} autoComplete="off" />
          </Field>
          <Field label={t('groups:editor.bannerReplace')} errors={fields.banner.errors}>
            <input
              {...getInputProps(fields.banner, { type: 'file' })}
              accept="image/png,image/jpeg,image/webp,image/gif"
            />
          </Field>
        </div>
        <GroupTagsField field={fields.tagIds} choices={tags} ticked={details.tagIds} />
        <div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('groups:editor.save')}
          </button>
        </div>
        {confirm ? (
          <RoomLinkConfirmButton
            change={confirm}
            prefix={`/${brandSlug}/`}
            anchor="group-link-confirmation"
            busy={busy}
          />
        ) : null}
      </Form>
    </section>
  )
}

/** Co-hosts and admins add someone by email (the way into a group that takes no requests). */
function InviteForm({ failed }: { failed?: GroupActionData }) {
  const { t } = useT()
  const { constraints } = useLoaderData<typeof loader>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<GroupInviteFields>({
    id: 'group-invite',
    lastResult: failed?.result as SubmissionResult<string[]> | undefined,
    constraint: constraints.invite,
    shouldValidate: 'onSubmit',
  })
  return (
    <section className="stack" aria-labelledby="invite-heading">
      <h2 id="invite-heading">{t('groups:invite.title')}</h2>
      <Form method="post" {...getFormProps(form)} className="stack card member-form">
        <input type="hidden" name="intent" value="invite" />
        <Field label={t('groups:invite.emailAddress')} errors={fields.emailAddress.errors}>
          <input {...getInputProps(fields.emailAddress, { type: 'email' })} autoComplete="off" />
        </Field>
        <p className="hint">{t('groups:invite.hint')}</p>
        <div>
          <button type="submit" className="button" disabled={busy}>
            {t('groups:invite.submit')}
          </button>
        </div>
      </Form>
    </section>
  )
}
