import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPage, requireUser } from '#app/lib/http/guards.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readFormWithFile } from '#app/lib/http/form-body.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { NewGroupSchema } from '#app/lib/groups/group.schema'
import { createGroup } from '#app/lib/groups/new-group.server'
import { tagChoices, tagIdsForNewGroups } from '#app/lib/tags/room-tags.server'

/** Without create-groups the wizard says so (403), on the page and to a post. */
const NO_PERMISSION = 'groups:wizard.errors.noPermission'

export async function newGroupLoader(args: LoaderFunctionArgs) {
  const { brand, permissions } = await requireCommunityPage(args, 'groups')
  const mayCreate = permissions.has('create-groups')
  const [tags, newGroupTagIds] = mayCreate
    ? await Promise.all([tagChoices(brand.id), tagIdsForNewGroups(brand.id)])
    : [[], []]
  return data(
    {
      messages: await routeMessages(args, 'groups', 'members', 'tags'),
      brandSlug: brand.slug,
      mayCreate,
      moderated: brand.newGroupModerationEnabled && !permissions.has('manage-community-rooms'),
      constraint: getZodConstraint(NewGroupSchema),
      // The tag boxes start ticked with the tags every new group gets.
      tags,
      newGroupTagIds,
    },
    mayCreate ? undefined : { status: 403 },
  )
}

export async function newGroupAction(args: ActionFunctionArgs) {
  const { brand, permissions } = await requireCommunityPage(args, 'groups')
  // A guest on a groups page the admins opened signs in first; then the permission decides.
  const user = await requireUser(args)
  if (!permissions.has('create-groups'))
    return data({ result: null, refusal: null, error: NO_PERMISSION }, { status: 403 })
  const form = await readFormWithFile(args.request, 'banner')
  // Over the limit: only the banner can be that large, and the rest is unknown.
  if (!form) {
    return data(
      {
        result: { status: 'error' as const, error: { banner: ['groups:wizard.errors.bannerTooLarge'] } },
        refusal: null,
        error: null,
      },
      { status: 400 },
    )
  }
  const submission = parseWithZod(form, { schema: NewGroupSchema })
  // A File cannot travel back to the browser: the reply keeps every value but the banner.
  if (submission.status !== 'success')
    return data({ result: submission.reply({ hideFields: ['banner'] }), refusal: null, error: null }, { status: 400 })
  const outcome = await createGroup({ brand, creator: user, held: permissions, values: submission.value })
  switch (outcome.kind) {
    case 'created': {
      // A group that waits for approval is not open yet: the creator's own list shows it waiting.
      const pending = outcome.room.status === 'pending'
      throw await redirectWithFlash(
        pending ? `/${brand.slug}/groups?tab=mine` : `/${brand.slug}/groups/${outcome.room.slug}`,
        {
          kind: 'success',
          message: pending ? 'groups:wizard.createdPending' : 'groups:wizard.created',
          values: { name: outcome.room.name ?? outcome.room.slug },
        },
      )
    }
    case 'invalid':
      return data(
        {
          result: submission.reply({ fieldErrors: outcome.fieldErrors, hideFields: ['banner'] }),
          refusal: outcome.refusal ?? null,
          error: null,
        },
        { status: 400 },
      )
    case 'failed':
      return data(
        {
          result: submission.reply({ formErrors: ['common:flash.notSaved'], hideFields: ['banner'] }),
          refusal: null,
          error: null,
        },
        { status: 500 },
      )
  }
}
