// /me/calendar: the person's calendar feed (docs/user-guide.md#your-account). A plain form makes the
// secret address (shown once, in the answer to the post), makes a new one (the old one stops working at
// once) or turns it off. Works without JavaScript.
import { getFormProps, useForm } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { FormErrors } from '#app/components/field'
import { ShownOnce } from '#app/components/shown-once'
import type { CalendarFeedFields } from '#app/lib/calendar/calendar-feed.schema'
import { formatDate } from '#app/lib/i18n/dates'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { calendarAction, calendarLoader, type CalendarActionData } from './calendar.server'
import { accountStyles } from '#app/styles/stylesheets'

export const links = accountStyles

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'account:calendar.title')
export const loader = (args: LoaderFunctionArgs) => calendarLoader(args)
export const action = (args: ActionFunctionArgs) => calendarAction(args)
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

/** The same address for the calendar apps that open webcal: links (Apple Calendar, Outlook). */
const webcal = (url: string) => url.replace(/^https?:\/\//, 'webcal://')

const APPS = ['google', 'apple', 'outlook'] as const

export default function Calendar() {
  const { t, language } = useT()
  const { feed } = useLoaderData<typeof loader>()
  const answer = useActionData<CalendarActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form] = useForm<CalendarFeedFields>({ id: 'calendar-feed', lastResult: answer?.result })
  const date = (iso: string) => formatDate(new Date(iso), { language })
  return (
    <main id="main" className="page account-page">
      <h1>{t('account:calendar.title')}</h1>
      <p className="lead">{t('account:calendar.intro')}</p>

      <FormErrors errors={form.errors} />
      {answer?.error ? (
        <div role="alert" className="notice notice-error">
          <p>{t(answer.error)}</p>
        </div>
      ) : null}

      {answer?.url ? (
        <ShownOnce id="calendar-made" title={t('account:calendar.madeTitle')} value={answer.url}>
          <p>{t('account:calendar.madeHint')}</p>
          <p>
            <a href={webcal(answer.url)}>{t('account:calendar.openInApp')}</a>
          </p>
        </ShownOnce>
      ) : null}

      <section className="card" aria-labelledby="calendar-address">
        <h2 id="calendar-address">{t('account:calendar.addressTitle')}</h2>
        {feed ? (
          <>
            <p>
              {t('account:calendar.current')} <code>{feed.start}…</code>
            </p>
            <p>
              {t('account:calendar.made', { date: date(feed.createdAt) })}{' '}
              {feed.lastReadAt
                ? t('account:calendar.lastRead', { time: date(feed.lastReadAt) })
                : t('account:calendar.neverRead')}
            </p>
          </>
        ) : (
          <p>{t('account:calendar.none')}</p>
        )}
        <Form method="post" {...getFormProps(form)}>
          <div className="inline-actions">
            <button type="submit" name="intent" value="make" className="button button-primary" disabled={busy}>
              {t(feed ? 'account:calendar.renew' : 'account:calendar.make')}
            </button>
            {feed ? (
              <button type="submit" name="intent" value="turnOff" className="button button-danger" disabled={busy}>
                {t('account:calendar.turnOff')}
              </button>
            ) : null}
          </div>
          {feed ? <p className="hint">{t('account:calendar.renewHint')}</p> : null}
        </Form>
      </section>

      <section aria-labelledby="calendar-how">
        <h2 id="calendar-how">{t('account:calendar.howTitle')}</h2>
        <p>{t('account:calendar.what')}</p>
        <ul>
          {APPS.map((app) => (
            <li key={app}>{t(`account:calendar.apps.${app}`)}</li>
          ))}
        </ul>
        <p className="hint">{t('account:calendar.keepSecret')}</p>
      </section>

      <p className="inline-actions">
        <Link to="/me" className="button">
          {t('account:calendar.back')}
        </Link>
      </p>
    </main>
  )
}
