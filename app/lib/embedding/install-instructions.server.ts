// Send install instructions (POST /api/brand/send-install-instructions; docs/admin-guide.md#the-directory):
// an admin mails the directory's snippet and the public install page to whoever runs the site.
import { parseWithZod } from '@conform-to/zod'
import type { SubmissionResult } from '@conform-to/react'
import type { CommunityAccess } from '../http/guards.server'
import { translatorFor } from '../i18n/i18n.server'
import type { Language, TranslationKey } from '../i18n/i18n'
import { renderMailHtml, renderMailText, type MailContent } from '../platform/mail.server'
import { DeliveryError, deliver } from '../platform/outbox.server'
import { INSTALLATION, LIMITS, hitEach, type Limit } from '../platform/rate-limit.server'
import { env } from '../platform/env.server'
import { type Brand } from '#models/index'
import { installSnippets } from '../settings/install'
import { InstallInstructionsSchema } from './install-instructions.schema'

export type InstallInstructions = {
  toEmailAddresses: string[]
  ccEmailAddresses: string[]
  domain: string
  customMessage: string
}

/** Sends a community may make in an hour: a site's team needs a few; more is a mailing list, which these are not for. */
export const INSTRUCTIONS_LIMIT: Limit = { name: 'install-instructions', max: 10, windowSeconds: 60 * 60 }

/**
 * Counts one send for the community and its mails (one a recipient) for the admin's account and
 * for the whole installation: a community costs nothing to create, so its own cap alone is none.
 * The first cap reached says why (nothing counted then); null when the mails may go.
 */
export async function limitInstructionMails(
  brand: Pick<Brand, 'id'>,
  accountId: string,
  mails: number,
): Promise<TranslationKey | null> {
  const refused = await hitEach([
    { limit: INSTRUCTIONS_LIMIT, subject: brand.id },
    { limit: LIMITS.instructionMailsPerAccount, subject: accountId, amount: mails },
    { limit: LIMITS.instructionMailsPerInstallation, subject: INSTALLATION, amount: mails },
  ])
  if (!refused) return null
  if (refused.limit === INSTRUCTIONS_LIMIT) return 'directory:errors.tooManySends'
  return refused.limit === LIMITS.instructionMailsPerAccount
    ? 'directory:errors.accountMailLimit'
    : 'directory:errors.installationMailLimit'
}

/** Each address once, to and cc alike: one mail each. */
const recipientsOf = (request: InstallInstructions) => [
  ...new Set([...request.toEmailAddresses, ...request.ccEmailAddresses]),
]

/** One mail a recipient (to and cc alike: nobody sees the others' addresses), in the sender's language. */
export async function sendInstallInstructions(
  brand: Brand,
  sender: string,
  language: Language,
  request: InstallInstructions,
): Promise<number> {
  const t = translatorFor(language)
  const community = brand.name
  const domain = new URL(request.domain).host
  const snippets = installSnippets(env.PUBLIC_URL, brand.slug)
  const subject = t('mail:installInstructions.subject', { community, domain })
  const content: MailContent = {
    language,
    title: subject,
    heading: t('mail:installInstructions.heading', { community }),
    blocks: [
      { text: t('mail:installInstructions.intro', { sender, community, domain }) },
      ...(request.customMessage
        ? [{ text: t('mail:installInstructions.wrote', { sender }) }, { text: request.customMessage }]
        : []),
      { text: t('mail:installInstructions.step', { domain }) },
      { text: snippets.script },
    ],
    action: {
      label: t('mail:installInstructions.button'),
      url: `${env.PUBLIC_URL}/${brand.slug}/install`,
      hint: t('mail:installInstructions.linkHint'),
    },
    footer: [t('mail:footer.ignore'), t('mail:footer.sentBy', { community })],
  }
  const html = renderMailHtml(content, brand)
  const text = renderMailText(content)
  const recipients = recipientsOf(request)
  for (const recipient of recipients) {
    await deliver({
      channel: 'mail',
      recipient,
      subject,
      text,
      html,
      meta: { kind: 'installInstructions', brandId: brand.id },
    })
  }
  return recipients.length
}

/** What became of a request: sent (to how many), or refused with its status and the form's reply (messages, what was typed). */
export type InstructionsOutcome =
  { ok: true; sent: number } | { ok: false; status: 400 | 429 | 502; reply: SubmissionResult<string[]> }

/**
 * The one way instructions are requested, by the install tab's form and by the JSON call alike:
 * the form's rules, then the caps (the community's sends, the account's and the installation's
 * mails), then the mail. The caller has passed the settings guard (manage-community).
 */
export async function requestInstallInstructions(
  form: FormData,
  { brand, user }: Pick<CommunityAccess, 'brand' | 'user'>,
  language: Language,
): Promise<InstructionsOutcome> {
  const submission = parseWithZod(form, { schema: InstallInstructionsSchema })
  if (submission.status !== 'success') return { ok: false, status: 400, reply: submission.reply() }
  // The guard lets only a signed-in manager here; with no account the whole installation's cap is the one that counts.
  const limited = await limitInstructionMails(brand, user?.id ?? INSTALLATION, recipientsOf(submission.value).length)
  if (limited) return { ok: false, status: 429, reply: submission.reply({ formErrors: [limited] }) }
  try {
    return {
      ok: true,
      sent: await sendInstallInstructions(
        brand,
        user?.name || user?.emailAddress || brand.name,
        language,
        submission.value,
      ),
    }
  } catch (error) {
    // The mail server refused: say so, keep what was typed (the outbox row records why).
    if (!(error instanceof DeliveryError)) throw error
    return { ok: false, status: 502, reply: submission.reply({ formErrors: ['directory:errors.sendFailed'] }) }
  }
}
