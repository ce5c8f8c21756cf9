// The permission matrix for the directory (docs/admin-guide.md#the-directory), written from the product's rules, not
// the code: the directory is the community's public face, so its pages open to everyone once the
// admins enable it; a room "visible to community members" shows to those who hold the community
// (every community role), not to the pending, the archived, other communities' people or guests;
// its settings are the admin panel's (owners and admins); sending install instructions is the
// settings panel's (owners and admins); a room's QR code follows the room (the hub: community
// members; signed out → sign in; anyone else → access denied; a personal room's, anyone); /embedded
// is public, like the claim it starts.
import { beforeAll } from 'vitest'
import { Room } from '#models/index'
import { directorySettingsDefaults } from '#models/brand-config'
import { loader as layoutLoader } from '#app/routes/directory.$brand/route'
import { action as adminDirectoryAction } from '#app/routes/$brand._community.admin.directory/route'
import { action as installAction } from '#app/routes/$brand._community.settings.install/route'
import { loader as qrLoader } from '#app/routes/resources.qr.$brand.$room'
import { loader as embeddedLoader } from '#app/routes/embedded'
import { action as instructionsCall } from '#app/routes/api.brand.send-install-instructions'
import { loader as embeddedClaimLoader } from '#app/routes/embedded.claim'
import {
  argsAs,
  describeMatrix,
  everyone,
  makeMatrixWorld,
  only,
  PERSONAS,
  refusedAsThrown,
  type MatrixWorld,
  type Outcome,
  type Persona,
} from '../../support/permission-matrix'

let world: MatrixWorld
let membersRoom: string
let hub: string
let personal: string
beforeAll(async () => {
  world = await makeMatrixWorld()
  await world.brand.update({ directorySettings: { ...directorySettingsDefaults(), enabled: true } })
  membersRoom = (
    await Room.create({
      slug: 'members-corner',
      name: 'Members corner',
      context: 'group',
      brandId: world.brand.id,
      enabledInDirectory: true,
      visibleInDirectory: 'members',
    })
  ).slug
  hub = (await Room.findByPk(world.brand.topLevelRoomId!, { rejectOnEmpty: true })).slug
  personal = (
    await Room.create({
      slug: 'owners-room',
      name: 'Owner',
      context: 'personal',
      hostId: world.people.owner.id,
      brandId: world.brand.id,
    })
  ).slug
})

const ADMINS = ['owner', 'admin'] as const
// Every community role holds access-community (the user and guest roles enter the community too).
const MEMBERS = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const

/** Who sees the members' room listed: the members; for everyone else the row reads "denied" (it is simply not there). */
const seesMembersRoom: Record<Persona, Outcome> = Object.fromEntries(
  PERSONAS.map((persona) => [persona, (MEMBERS as readonly Persona[]).includes(persona) ? 'allowed' : 'denied']),
) as Record<Persona, Outcome>

const directory = async (w: MatrixWorld, persona: Persona, page: string) =>
  layoutLoader(await argsAs(w, persona, `/directory/${w.brand.slug}/${page}`, { brand: w.brand.slug }))

describeMatrix(
  'directory',
  [
    ...['launcher', 'listing', 'page', 'widget'].map((page) => ({
      name: `GET /directory/{brand}/${page}`,
      run: (w: MatrixWorld, persona: Persona) => directory(w, persona, page),
      expected: everyone('allowed'),
    })),
    {
      name: 'GET /directory/{brand}/listing lists a room visible to community members',
      run: async (w, persona) => {
        const data = (await directory(w, persona, 'listing')) as { rooms: { slug: string }[] }
        if (!data.rooms.some((room) => room.slug === membersRoom)) throw new Response(null, { status: 403 })
      },
      expected: seesMembersRoom,
    },
    {
      // Bad input: a passed guard answers 400, so no row changes the settings.
      name: 'POST /{brand}/admin/directory settings',
      run: async (w, persona) =>
        adminDirectoryAction(
          await argsAs(
            w,
            persona,
            `/${w.brand.slug}/admin/directory`,
            { brand: w.brand.slug },
            { method: 'POST', body: new URLSearchParams({ intent: 'settings' }) },
          ),
        ),
      expected: only(ADMINS),
    },
    {
      name: 'POST /{brand}/settings/install sendInstructions',
      run: async (w, persona) =>
        installAction(
          await argsAs(
            w,
            persona,
            `/${w.brand.slug}/settings/install`,
            { brand: w.brand.slug },
            { method: 'POST', body: new URLSearchParams({ intent: 'sendInstructions' }) },
          ),
        ),
      expected: only(ADMINS),
    },
    {
      name: 'POST /api/brand/send-install-instructions (JSON, no recipient)',
      run: async (w, persona) =>
        refusedAsThrown(
          await instructionsCall(
            await argsAs(
              w,
              persona,
              '/api/brand/send-install-instructions',
              {},
              {
                method: 'POST',
                body: JSON.stringify({ brandId: w.brand.id }),
                headers: { 'Content-Type': 'application/json' },
              },
            ),
          ),
        ),
      expected: only(ADMINS),
    },
    {
      name: 'GET /resources/qr/{brand}/{hub}',
      run: async (w, persona) =>
        qrLoader(await argsAs(w, persona, `/resources/qr/${w.brand.slug}/${hub}`, { brand: w.brand.slug, room: hub })),
      expected: only(MEMBERS),
    },
    {
      // A personal room is open to anyone who has its link, and so is its code.
      name: 'GET /resources/qr/{brand}/{personal room}',
      run: async (w, persona) =>
        qrLoader(
          await argsAs(w, persona, `/resources/qr/${w.brand.slug}/${personal}`, {
            brand: w.brand.slug,
            room: personal,
          }),
        ),
      expected: everyone('allowed'),
    },
    {
      name: 'GET /embedded/claim (public, like the claim)',
      run: async (w, persona) => {
        await embeddedLoader(await argsAs(w, persona, '/embedded/claim', {}))
        return embeddedClaimLoader(await argsAs(w, persona, '/embedded/claim', {}))
      },
      expected: everyone('allowed'),
    },
  ],
  () => world,
)
