import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { CodeField, Field } from '#app/components/field'
import { CountryField } from '#app/components/country-field'
import { useIntentAnswer, useIntentSubmitting } from '#app/lib/http/use-intent'
import { useT } from '#app/lib/i18n/use-t'
import type {
  ContactCodeFields,
  ContactError,
  EmailChangeFields,
  PhoneChangeFields,
  settingsLoader,
} from './settings.server'

type ActionData = { intent: string; result: SubmissionResult<string[]> | null; error?: ContactError | null }

const useAnswer = (intent: string) => useIntentAnswer<ActionData>(intent)

/**
 * The addresses the account signs in with, and changing one: the new address first, then the code
 * sent to it. Plain forms, so it works the same without JavaScript.
 */
export function ContactSection() {
  const { t } = useT()
  const { contact } = useLoaderData<typeof settingsLoader>()
  const none = t('account:settings.contact.none')
  return (
    <section aria-labelledby="contact-heading" className="card">
      <h2 id="contact-heading">{t('account:settings.contact.heading')}</h2>
      <p>
        {t('account:settings.contact.email')}: <strong>{contact.emailAddress ?? none}</strong>
      </p>
      <p>
        {t('account:settings.contact.phone')}: <strong>{contact.phoneNumber ?? none}</strong>
      </p>
      {contact.pending ? (
        <CodeStep kind={contact.pending.kind} identifier={contact.pending.identifier} />
      ) : (
        <>
          <p className="hint">{t('account:settings.contact.intro')}</p>
          <EmailForm />
          <PhoneForm />
        </>
      )}
    </section>
  )
}

function ErrorNotice({ error }: { error: ContactError | null | undefined }) {
  const { t } = useT()
  if (!error) return null
  return (
    <div role="alert" className="notice notice-error">
      <p>{t(error.message, { minutes: error.minutes ?? 0 })}</p>
    </div>
  )
}

function EmailForm() {
  const { t } = useT()
  const { contact } = useLoaderData<typeof settingsLoader>()
  const answer = useAnswer('email')
  const [form, fields] = useForm<EmailChangeFields>({
    id: 'contact-email',
    lastResult: answer?.result,
    constraint: contact.constraints.email,
  })
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      <input type="hidden" name="intent" value="email" />
      <ErrorNotice error={answer?.error} />
      <Field label={t('account:settings.contact.newEmail')} errors={fields.emailAddress.errors}>
        <input
          {...getInputProps(fields.emailAddress, { type: 'email' })}
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
        />
      </Field>
      <div>
        <button type="submit" className="button" disabled={useIntentSubmitting('email')}>
          {t('account:settings.contact.sendEmailCode')}
        </button>
      </div>
    </Form>
  )
}

function PhoneForm() {
  const { t } = useT()
  const { contact } = useLoaderData<typeof settingsLoader>()
  const answer = useAnswer('phone')
  const [form, fields] = useForm<PhoneChangeFields>({
    id: 'contact-phone',
    lastResult: answer?.result,
    constraint: contact.constraints.phone,
  })
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      <input type="hidden" name="intent" value="phone" />
      <ErrorNotice error={answer?.error} />
      <Field label={t('account:settings.contact.newPhone')} errors={fields.phoneNumber.errors}>
        <input {...getInputProps(fields.phoneNumber, { type: 'tel' })} autoComplete="tel" />
      </Field>
      <CountryField
        label={t('account:settings.contact.country')}
        field={fields.country}
        countries={contact.countries}
        defaultCountry={contact.defaultCountry}
      />
      <div>
        <button type="submit" className="button" disabled={useIntentSubmitting('phone')}>
          {t('account:settings.contact.sendPhoneCode')}
        </button>
      </div>
    </Form>
  )
}

function CodeStep({ kind, identifier }: { kind: 'email' | 'phone'; identifier: string }) {
  const { t } = useT()
  const { contact } = useLoaderData<typeof settingsLoader>()
  const answer = useActionData<ActionData>()
  const [form, fields] = useForm<ContactCodeFields>({
    id: 'contact-code',
    lastResult: answer?.intent === 'contact-verify' ? answer.result : undefined,
    constraint: contact.constraints.code,
  })
  return (
    <>
      <h3>
        {t(
          kind === 'email'
            ? 'account:settings.contact.confirmEmailTitle'
            : 'account:settings.contact.confirmPhoneTitle',
        )}
      </h3>
      <p>{t('account:settings.contact.codeSent', { identifier })}</p>
      <ErrorNotice error={answer?.error} />
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="contact-verify" />
        <CodeField label={t('account:settings.contact.code')} field={fields.code} />
        <div>
          <button type="submit" className="button button-primary" disabled={useIntentSubmitting('contact-verify')}>
            {t('account:settings.contact.confirm')}
          </button>
        </div>
      </Form>
      <Form method="post" className="inline-actions">
        <button
          type="submit"
          name="intent"
          value="contact-resend"
          className="button"
          disabled={useIntentSubmitting('contact-resend', 'contact-cancel')}
        >
          {t('account:settings.contact.resend')}
        </button>
        <button type="submit" name="intent" value="contact-cancel" className="button">
          {t('account:settings.contact.cancel')}
        </button>
      </Form>
    </>
  )
}
