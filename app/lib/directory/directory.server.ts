// The directory's reads and its settings' write (docs/admin-guide.md#the-directory). Who may see which room is
// directory.ts's rule; here the community, the viewer's standing and the rooms are read.
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { Op } from 'sequelize'
import { checkAccess } from '#models/access'
import { requireCommunity, communityPermissions, type GuardArgs } from '../http/guards.server'
import { redirectWithFlash } from '../http/flash.server'
import { viewer } from '../http/session.server'
import { Room, User, type Brand } from '#models/index'
import { directoryOrder, directorySettingsOf, shownInDirectory, type DirectoryViewer } from './directory'
import { DirectorySettingsSchema } from './directory-settings.schema'

/** A disabled directory, or one of a community that is not there, is simply not found: nothing says the community has one. */
const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' })

/**
 * The directory guard: the community the address names with its directory switched on, and whether
 * the viewer is one of its members (holds access-community: they also see rooms kept for members).
 */
export async function requireDirectory(args: GuardArgs): Promise<{ brand: Brand; viewer: DirectoryViewer }> {
  const brand = await requireCommunity(args)
  const { user } = await viewer(args.request, args.context)
  const permissions = await communityPermissions(args, brand)
  const access = await checkAccess({ brand, userId: user?.id ?? null, permissions })
  if (!access.ok || !directorySettingsOf(brand.directorySettings).enabled) throw notFound()
  return { brand, viewer: { member: permissions.has('access-community') } }
}

export type DirectoryRoom = {
  slug: string
  name: string
  description: string | null
  context: 'personal' | 'group'
  pinned: boolean
  /** A personal room offers a Meet button: the community shows them, or its host always wants one. */
  meet: boolean
}

/** The rooms the directory lists to this viewer: personal rooms and groups put in it, pinned first. */
export async function directoryRooms(
  brand: Pick<Brand, 'id' | 'meetButtonEnabled'>,
  who: DirectoryViewer,
): Promise<DirectoryRoom[]> {
  const rooms = await Room.findAll({
    attributes: [
      'slug',
      'hostId',
      'name',
      'description',
      'context',
      'enabledInDirectory',
      'visibleInDirectory',
      'pinnedInDirectory',
    ],
    where: {
      brandId: brand.id,
      status: 'active',
      deleted: { [Op.not]: true },
      type: { [Op.ne]: 'breakout' },
      context: ['personal', 'group'],
      enabledInDirectory: true,
      // The rule itself is shownInDirectory's; this only keeps unlisted rooms out of the read.
      visibleInDirectory: who.member ? ['everyone', 'members'] : ['everyone'],
    },
  })
  const shown = directoryOrder(rooms.filter((room) => shownInDirectory(room, who)))
  const meetAlways = await hostsAlwaysMeeting(brand, shown)
  return shown.map((room) => ({
    slug: room.slug,
    name: room.name || room.slug,
    description: room.description,
    context: room.context as 'personal' | 'group',
    pinned: room.pinnedInDirectory,
    meet: room.context === 'personal' && (brand.meetButtonEnabled || meetAlways.has(room.hostId ?? '')),
  }))
}

/** Where the community hides the Meet button: the hosts of these personal rooms who always show theirs (member editor). */
async function hostsAlwaysMeeting(brand: Pick<Brand, 'meetButtonEnabled'>, rooms: Room[]): Promise<Set<string>> {
  const hostIds = rooms.flatMap((room) => (room.context === 'personal' && room.hostId ? [room.hostId] : []))
  if (brand.meetButtonEnabled || hostIds.length === 0) return new Set()
  const hosts = await User.findAll({ attributes: ['id', 'meta'], where: { id: hostIds } })
  return new Set(hosts.filter((host) => host.meta?.alwaysEnableMeetButton === true).map((host) => host.id))
}

/** The settings form's answer: 400 with the messages and what was typed, or saved with a flash. */
export async function saveDirectorySettings(form: FormData, address: string, brand: Brand) {
  const submission = parseWithZod(form, { schema: DirectorySettingsSchema })
  if (submission.status !== 'success')
    return data({ intent: 'settings' as const, result: submission.reply() }, { status: 400 })
  const { enabled, type, position, offsetX, offsetY, theme, selfSignup } = submission.value
  // Pinned rooms are not on this form: each room's own row keeps them (pinnedInDirectory).
  await brand.update({
    directorySettings: {
      ...directorySettingsOf(brand.directorySettings),
      enabled,
      type,
      position,
      offsetX,
      offsetY,
      theme: theme || null,
      selfSignup,
    },
  })
  const url = new URL(address)
  throw await redirectWithFlash(url.pathname + url.search, { kind: 'success', message: 'admin:flash.saved' })
}
