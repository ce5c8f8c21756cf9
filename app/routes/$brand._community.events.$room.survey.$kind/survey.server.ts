import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { answersSchema } from '#app/lib/forms/form-definition'
import { refusalLocation } from '#app/lib/communities/access-refusal'
import { formDefaults } from '#app/lib/events/registration-answers'
import { requireRegistrationEvent } from '#app/lib/events/registration-page.server'
import { findRegistration, saveSubmission, savedAnswers } from '#app/lib/events/registration.server'
import { readFormSteps } from '#app/lib/forms/forms.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'

/**
 * `/{brand}/events/{room}/survey/pre|post`: an event's pre-survey (answered before joining; the
 * meeting sends a registrant here until it is saved) and post-survey (where leaving the meeting
 * sends a plain participant who has not saved it). Saving the pre-survey opens the
 * meeting; saving the post-survey goes to the end URL (the room's, else the event page).
 */
async function surveyContext(args: LoaderFunctionArgs) {
  const kind = args.params.kind
  if (kind !== 'pre' && kind !== 'post') throw new Response(null, { status: 404 })
  const context = await requireRegistrationEvent(args)
  const { brand, user, room, event, admitted, eventPath } = context
  if (!user) throw redirect(refusalLocation('signInRequired', brand.slug, new URL(args.request.url).pathname))
  // Who may answer: those the event admits, and for a registration event its registrants.
  const registered = event.registrationEnabled ? Boolean(await findRegistration(room.id, user.id)) : false
  if (!admitted && !registered) throw redirect(eventPath)
  const formId = kind === 'pre' ? event.preSurveyFormId : event.postSurveyFormId
  const after = kind === 'pre' ? `/${brand.slug}/${room.slug}` : room.redirectOnEndUrl || eventPath
  const steps = (await readFormSteps(room.brandId, formId)) ?? []
  if (!formId || !steps.length) throw redirect(after)
  return { ...context, user, kind, formId, steps, after }
}

export async function surveyLoader(args: LoaderFunctionArgs) {
  const { user, room, kind, formId, steps, eventPath } = await surveyContext(args)
  const saved = await savedAnswers(formId, user.id)
  return {
    messages: await routeMessages(args, 'registration', 'forms'),
    kind,
    eventPath,
    event: { name: room.name ?? room.slug },
    steps,
    defaults: formDefaults(steps.flat(), saved),
    constraint: getZodConstraint(answersSchema(steps)),
  }
}

export async function surveyAction(args: ActionFunctionArgs) {
  const { user, steps, formId, after } = await surveyContext(args)
  const form = await readForm(args.request)
  const submission = parseWithZod(form, { schema: answersSchema(steps) })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  await saveSubmission({ formId, userId: user.id, steps, parsed: submission.value })
  return redirectWithFlash(after, { kind: 'success', message: 'registration:flash.surveySaved' })
}
