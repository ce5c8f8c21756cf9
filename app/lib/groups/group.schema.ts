// The group forms' zod schemas (a group's fields and naming rules): parsed by the actions, constraints
// for the pages. Browser-safe; every message is a translation key (the room link's are the member
// forms' own: one set of link rules for people and groups).
import { z } from 'zod'
import { recordId } from '../forms/record-id'
import { breakoutPreviewFields } from '../rooms/breakout-preview'
import {
  DIRECTORY_VISIBILITY,
  ROOM_LINK_MAX,
  emailField,
  isWebAddress,
  roomLinkField,
} from '#app/lib/members/member.schema'
import { MAX_TAGS_PER_GROUP } from '#app/lib/tags/tag-rules'
import { ANSWER_MAX_LENGTH, GROUP_BULK_ACTIONS, GROUP_TYPES, QUESTION_MAX_LENGTH, QUESTIONS_MAX } from './group-rules'

const flag = () => z.boolean({ invalid_type_error: 'groups:errors.badRequest' }).default(false)

/**
 * The group's tags (at most 5), checked here so a refused count writes nothing; whether
 * each is this community's live tag is setRoomTags's to say. `tagsOffered` marks a form that showed
 * the boxes: without it a new group gets the community's new-group tags.
 */
const tagFields = () => ({
  tagIds: z
    .array(recordId('tags:errors.unknownTag'))
    .max(MAX_TAGS_PER_GROUP, 'tags:errors.tooManyForGroup')
    .default([]),
  tagsOffered: flag(),
})

/** How people join a group: requests allowed, manual approval, the questionnaire (one question a line). */
const joiningFields = () => ({
  allowMembershipRequests: flag(),
  manualApproval: flag(),
  questions: z
    .string()
    .max(QUESTIONS_MAX * (QUESTION_MAX_LENGTH + 2), 'groups:preferences.errors.tooManyQuestions')
    .optional()
    .transform((text) =>
      (text ?? '')
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((questions) => questions.length <= QUESTIONS_MAX, 'groups:preferences.errors.tooManyQuestions')
    .refine(
      (questions) => questions.every((question) => question.length <= QUESTION_MAX_LENGTH),
      'groups:preferences.errors.questionTooLong',
    ),
})

const titleField = () =>
  z
    .string({ required_error: 'groups:wizard.errors.titleRequired' })
    .trim()
    .min(2, 'groups:wizard.errors.titleTooShort')
    .max(255, 'groups:wizard.errors.tooLong')
const descriptionField = () =>
  z
    .string({ required_error: 'groups:wizard.errors.descriptionRequired' })
    .trim()
    .min(5, 'groups:wizard.errors.descriptionTooShort')
    .max(2000, 'groups:wizard.errors.tooLong')

/** The new group wizard: title ≥ 2, description ≥ 5, the room link rules, an optional banner (checked by its bytes on the server). */
export const NewGroupSchema = z.object({
  title: titleField(),
  description: descriptionField(),
  roomLink: roomLinkField(),
  groupType: z
    .enum(GROUP_TYPES, { errorMap: () => ({ message: 'groups:wizard.errors.typeInvalid' }) })
    .default('public'),
  visibleInDirectory: z
    .enum(DIRECTORY_VISIBILITY, { errorMap: () => ({ message: 'groups:wizard.errors.visibilityInvalid' }) })
    .default('everyone'),
  pinnedInDirectory: flag(),
  // An empty file input arrives as no value; what a present one holds is the server's to check.
  banner: z.instanceof(File, { message: 'groups:wizard.errors.bannerNotImage' }).optional(),
  ...tagFields(),
  // How people join, as the wizard's boxes say; `joiningOffered` marks a form that showed them.
  // Without it a new group joins the way its type suggests (new-group.server.ts).
  joiningOffered: flag(),
  ...joiningFields(),
})
export type NewGroupFields = z.input<typeof NewGroupSchema>
export type NewGroupValues = z.output<typeof NewGroupSchema>

/** The groups page's bulk form: one action and the groups ticked. */
export const GroupBulkSchema = z.object({
  intent: z.enum(GROUP_BULK_ACTIONS, { errorMap: () => ({ message: 'groups:errors.badRequest' }) }),
  ids: z
    .array(recordId('groups:errors.badRequest'))
    .min(1, 'groups:bulk.noneSelected')
    .max(100, 'groups:errors.badRequest'),
})

/** The join dialog: one answer per question of the group's questionnaire, every one required. */
export function joinRequestSchema(questionCount: number) {
  return z.object({
    answers: z
      .array(
        z
          .string({ required_error: 'groups:join.errors.answerRequired' })
          .trim()
          .min(1, 'groups:join.errors.answerRequired')
          .max(ANSWER_MAX_LENGTH, 'groups:join.errors.answerTooLong'),
      )
      .length(questionCount, 'groups:join.errors.answerRequired')
      .default([]),
  })
}

/** The group's preferences (co-hosts only): how people join, the waiting room and the breakout preview. */
export const GroupPreferencesSchema = z.object({
  intent: z.literal('preferences'),
  /** Knock: newcomers wait until a host or co-host answers their call (the edge enforces it). */
  waitingRoom: flag(),
  ...breakoutPreviewFields,
  ...joiningFields(),
})
export type GroupPreferencesFields = z.input<typeof GroupPreferencesSchema>

/** A row action of the group's people: a join request decided, a member promoted, demoted or removed. */
export const GroupPeopleSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approveRequest'), requestId: recordId('groups:errors.badRequest') }),
  z.object({ intent: z.literal('rejectRequest'), requestId: recordId('groups:errors.badRequest') }),
  z.object({ intent: z.literal('promote'), userId: recordId('groups:errors.badRequest') }),
  z.object({ intent: z.literal('demote'), userId: recordId('groups:errors.badRequest') }),
  z.object({ intent: z.literal('remove'), userId: recordId('groups:errors.badRequest') }),
])
export type GroupPeopleCommand = z.output<typeof GroupPeopleSchema>

/**
 * The group editor's details: the wizard's, plus the page a meeting ends on;
 * `confirm` carries the new link once its change was read and confirmed, and a new
 * banner replaces the old one.
 */
export const GroupDetailsSchema = z.object({
  intent: z.literal('details'),
  title: titleField(),
  description: descriptionField(),
  roomLink: roomLinkField(),
  groupType: z.enum(GROUP_TYPES, { errorMap: () => ({ message: 'groups:wizard.errors.typeInvalid' }) }),
  visibleInDirectory: z.enum(DIRECTORY_VISIBILITY, {
    errorMap: () => ({ message: 'groups:wizard.errors.visibilityInvalid' }),
  }),
  pinnedInDirectory: flag(),
  redirectOnEndUrl: z
    .string()
    .trim()
    .max(1024, 'groups:wizard.errors.tooLong')
    .refine((value) => value === '' || isWebAddress(value), 'groups:editor.errors.urlInvalid')
    .optional(),
  banner: z.instanceof(File, { message: 'groups:wizard.errors.bannerNotImage' }).optional(),
  confirm: z.string().max(ROOM_LINK_MAX).optional(),
  ...tagFields(),
})
export type GroupDetailsFields = z.input<typeof GroupDetailsSchema>
export type GroupDetailsValues = z.output<typeof GroupDetailsSchema>

/** Co-hosts and admins invite people to a group (the way into one that takes no requests), by their email. */
export const GroupInviteSchema = z.object({
  intent: z.literal('invite'),
  emailAddress: emailField(),
})
export type GroupInviteFields = z.input<typeof GroupInviteSchema>
