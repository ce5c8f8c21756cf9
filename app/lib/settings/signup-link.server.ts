// The community's sign-up link as its admins manage it (docs/admin-guide.md#the-sign-up-link): shown
// with its QR code, renewed (the old link stops working at once) and opened or closed; and the
// questions it asks newcomers (customSignUp, customSignUpForm: a form built with the event form
// builder). The link is /{brand}/signup-{selfSignupHash}; allowSignUps says whether it admits anyone.
// Every call comes after the settings guard (manage-community in that community).
import { getZodConstraint } from '@conform-to/zod'
import { z } from 'zod'
import type { Brand } from '#models/index'
import {
  addDefinitionIssues,
  builderStepsField,
  builderToSteps,
  emptyBuilder,
  stepsToBuilder,
} from '../forms/form-builder.schema'
import { answerFields, readSteps, type FormSteps } from '../forms/form-definition'
import { flag } from './community-settings.schema'
import { moderatesMembers, renewSignupLink } from '../communities/community-membership.server'
import { qrSvg } from '../directory/room-qr.server'
import { signupPath } from '../identity/signup-links'
import { env } from '../platform/env.server'

export const SIGNUP_LINK_CHANGES = ['renew', 'open', 'close'] as const
export type SignupLinkChange = (typeof SIGNUP_LINK_CHANGES)[number]

export const SignupLinkChangeSchema = z.object({
  change: z.enum(SIGNUP_LINK_CHANGES, { errorMap: () => ({ message: 'settings:errors.choiceInvalid' }) }),
})

/** The full address people open, or null for a community that has never had a link. */
export const signupUrl = (brand: Pick<Brand, 'slug' | 'selfSignupHash'>) =>
  brand.selfSignupHash ? `${env.PUBLIC_URL}${signupPath(brand.slug, brand.selfSignupHash)}` : null

export const SignupFormObject = z.object({
  intent: z.literal('signup-form'),
  customSignUp: flag,
  steps: builderStepsField(),
})
export type SignupFormFields = z.input<typeof SignupFormObject>
export const SignupFormSchema = SignupFormObject.superRefine((values, context) =>
  addDefinitionIssues(builderToSteps(values.steps), ['steps'], context),
).transform((values) => ({ customSignUp: values.customSignUp, steps: builderToSteps(values.steps) }))

/** The questions a community's sign-up asks: none unless it turned them on and built some. */
export function signupQuestions(brand: Pick<Brand, 'customSignUp' | 'customSignUpForm'>): FormSteps {
  const steps = brand.customSignUp ? readSteps(brand.customSignUpForm) : []
  return answerFields(steps).length ? steps : []
}

/** What the sign-up tab shows. */
export function signupLinkData(brand: Brand) {
  const steps = readSteps(brand.customSignUpForm)
  return {
    url: signupUrl(brand),
    open: brand.allowSignUps,
    moderated: moderatesMembers(brand),
    phoneRequired: brand.requireMemberPhoneNumber,
    signupForm: {
      values: { customSignUp: brand.customSignUp, steps: steps.length ? stepsToBuilder(steps) : emptyBuilder() },
      constraint: getZodConstraint(SignupFormObject),
    },
  }
}

/** Saves the questions (kept when turned off, so turning them back on finds them). */
export async function saveSignupForm(brand: Brand, value: z.output<typeof SignupFormSchema>) {
  // The column is typed loosely (readSteps owns its shape), as forms.server.ts stores definitions.
  await brand.update({
    customSignUp: value.customSignUp,
    customSignUpForm: value.steps as unknown as Brand['customSignUpForm'],
  })
}

/** The link's QR code (SVG), for whoever manages the community. */
export async function signupQrSvg(brand: Brand): Promise<string | null> {
  const url = signupUrl(brand)
  return url && qrSvg(url)
}

/**
 * Applies a change and returns the flash message that says what happened. Opening a community that
 * never had a link issues one, so "open" always leaves a working link.
 */
export async function changeSignupLink(brand: Brand, change: SignupLinkChange) {
  if (change === 'renew' || (change === 'open' && !brand.selfSignupHash)) await renewSignupLink(brand)
  if (change !== 'renew') await brand.update({ allowSignUps: change === 'open' })
  return `settings:signUp.flash.${change}` as const
}
