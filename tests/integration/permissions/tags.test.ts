// The permission matrix for tags and subcommunities, written from the product's rules, not from the code:
// - Route permissions: "Tags: access-community and access-community-tags".
// - "Separate messages say the user lacks permission to create ... tags": creating (and so
//   changing) tags needs create-tags, which only the owner and admins hold (the catalogue's member
//   roles create groups, not tags); a member who sees the page is refused with a 403.
// - "Admins manage ... tags, subcommunities": the subcommunity editor is the admins' (manage-community).
// - "Public access may be allowed for guests on hub, groups, members and subcommunity pages":
//   subcommunity pages need access-community, or the community's publicAccess.subcommunities.
import { beforeAll } from 'vitest'
import { BrandTag, Subcommunity } from '#models/index'
import { action as tagsAction, loader as tagsLoader } from '#app/routes/$brand._community.tags._index/route'
import { action as tagEditorAction, loader as tagEditorLoader } from '#app/routes/$brand._community.tags.$tagId/route'
import { loader as subcommunitiesLoader } from '#app/routes/$brand._community.subcommunities._index/route'
import { loader as subcommunityLoader } from '#app/routes/$brand._community.subcommunities.$subcommunityId._index/route'
import {
  action as newSubcommunityAction,
  loader as newSubcommunityLoader,
} from '#app/routes/$brand._community.subcommunities.new/route'
import { action as editSubcommunityAction } from '#app/routes/$brand._community.subcommunities.$subcommunityId.edit/route'
import {
  argsAs,
  describeMatrix,
  makeMatrixWorld,
  only,
  type MatrixWorld,
  type Persona,
  refusedAs403,
} from '../../support/permission-matrix'

let closed: MatrixWorld
let open: MatrixWorld
let subcommunityIds: Map<MatrixWorld, string>
beforeAll(async () => {
  closed = await makeMatrixWorld()
  open = await makeMatrixWorld({ publicAccess: { hub: false, groups: false, members: false, subcommunities: true } })
  subcommunityIds = new Map()
  for (const world of [closed, open])
    subcommunityIds.set(world, (await Subcommunity.create({ brandId: world.brand.id, title: 'Circle' })).id)
})

// Roles whose catalogue entry includes access-community and access-community-tags.
const TAG_BROWSERS = ['owner', 'admin', 'moderator', 'member', 'viewer', 'developer'] as const
// create-tags, and manage-community: the owner and the admins.
const ADMINS = ['owner', 'admin'] as const
// access-community: every active role.
const COMMUNITY = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
const EVERYONE = [...COMMUNITY, 'pending', 'archived', 'outsider', 'anonymous'] as const

const brandOf = (w: MatrixWorld) => ({ brand: w.brand.slug })
const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) })

const TAG_ROWS = [
  {
    name: 'GET /{brand}/tags',
    run: async (w: MatrixWorld, p: Persona) => tagsLoader(await argsAs(w, p, `/${w.brand.slug}/tags`, brandOf(w))),
    expected: only(TAG_BROWSERS),
  },
  {
    name: 'GET /{brand}/tags/new',
    run: async (w: MatrixWorld, p: Persona) =>
      refusedAs403(tagEditorLoader(await argsAs(w, p, `/${w.brand.slug}/tags/new`, { ...brandOf(w), tagId: 'new' }))),
    expected: only(ADMINS),
  },
  {
    name: 'POST /{brand}/tags/new',
    run: async (w: MatrixWorld, p: Persona) =>
      refusedAs403(
        tagEditorAction(
          await argsAs(w, p, `/${w.brand.slug}/tags/new`, { ...brandOf(w), tagId: 'new' }, form({ label: `By ${p}` })),
        ),
      ),
    expected: only(ADMINS),
  },
  {
    name: 'POST /{brand}/tags/{id} (edit)',
    run: async (w: MatrixWorld, p: Persona) => {
      const tag = await BrandTag.create({ brandId: w.brand.id, label: 'Editable' })
      return refusedAs403(
        tagEditorAction(
          await argsAs(
            w,
            p,
            `/${w.brand.slug}/tags/${tag.id}`,
            { ...brandOf(w), tagId: tag.id },
            form({ label: 'Edited' }),
          ),
        ),
      )
    },
    expected: only(ADMINS),
  },
  {
    name: 'POST /{brand}/tags archive',
    run: async (w: MatrixWorld, p: Persona) => {
      const tag = await BrandTag.create({ brandId: w.brand.id, label: 'Archivable' })
      return refusedAs403(
        tagsAction(await argsAs(w, p, `/${w.brand.slug}/tags`, brandOf(w), form({ intent: 'archive', tagId: tag.id }))),
      )
    },
    expected: only(ADMINS),
  },
  {
    name: 'POST /{brand}/tags batch delete',
    run: async (w: MatrixWorld, p: Persona) => {
      const tag = await BrandTag.create({ brandId: w.brand.id, label: 'Deletable' })
      return refusedAs403(
        tagsAction(await argsAs(w, p, `/${w.brand.slug}/tags`, brandOf(w), form({ intent: 'delete', ids: tag.id }))),
      )
    },
    expected: only(ADMINS),
  },
]

const SUBCOMMUNITY_EDITOR_ROWS = [
  {
    name: 'GET /{brand}/subcommunities/new',
    run: async (w: MatrixWorld, p: Persona) =>
      newSubcommunityLoader(await argsAs(w, p, `/${w.brand.slug}/subcommunities/new`, brandOf(w))),
    expected: only(ADMINS),
  },
  {
    name: 'POST /{brand}/subcommunities/new',
    run: async (w: MatrixWorld, p: Persona) =>
      newSubcommunityAction(
        await argsAs(w, p, `/${w.brand.slug}/subcommunities/new`, brandOf(w), form({ title: `By ${p}` })),
      ),
    expected: only(ADMINS),
  },
  {
    name: 'POST /{brand}/subcommunities/{id}/edit',
    run: async (w: MatrixWorld, p: Persona) => {
      const id = subcommunityIds.get(w)!
      return editSubcommunityAction(
        await argsAs(
          w,
          p,
          `/${w.brand.slug}/subcommunities/${id}/edit`,
          { ...brandOf(w), subcommunityId: id },
          form({ title: 'Circle' }),
        ),
      )
    },
    expected: only(ADMINS),
  },
]

const subcommunityPages = (expected: ReturnType<typeof only>) => [
  {
    name: 'GET /{brand}/subcommunities',
    run: async (w: MatrixWorld, p: Persona) =>
      subcommunitiesLoader(await argsAs(w, p, `/${w.brand.slug}/subcommunities`, brandOf(w))),
    expected,
  },
  {
    name: 'GET /{brand}/subcommunities/{id}',
    run: async (w: MatrixWorld, p: Persona) => {
      const id = subcommunityIds.get(w)!
      return subcommunityLoader(
        await argsAs(w, p, `/${w.brand.slug}/subcommunities/${id}`, { ...brandOf(w), subcommunityId: id }),
      )
    },
    expected,
  },
]

describeMatrix(
  'tags and subcommunities, closed to guests',
  [...TAG_ROWS, ...subcommunityPages(only(COMMUNITY)), ...SUBCOMMUNITY_EDITOR_ROWS],
  () => closed,
)

// Opening subcommunity pages to guests opens them to everyone, and nothing else: tags and the editor keep their permissions.
describeMatrix(
  'tags and subcommunities, subcommunities open to guests (publicAccess.subcommunities)',
  [...TAG_ROWS, ...subcommunityPages(only(EVERYONE)), ...SUBCOMMUNITY_EDITOR_ROWS],
  () => open,
)
