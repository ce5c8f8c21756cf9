import { Brand, CommunityEvent, EventSlot, Room, User } from './index'
import { addMember } from './members'
import type { RoleSlug } from './permissions'

export const DEMO_BRAND_SLUG = 'demo'
/** The demo's sign-up link is /demo/signup-{this}: well known, since the demo is for trying things. */
export const DEMO_SIGNUP_HASH = 'try-the-demo'

export const DEMO_ACCOUNTS = [
  { name: 'Olivia Owner', emailAddress: 'owner@demo.hearth.test', role: 'community-owner' },
  { name: 'Adam Admin', emailAddress: 'admin@demo.hearth.test', role: 'community-admin' },
  { name: 'Mia Member', emailAddress: 'mia@demo.hearth.test', role: 'community-member' },
  { name: 'Noah Member', emailAddress: 'noah@demo.hearth.test', role: 'community-member' },
  { name: 'Lucía Miembro', emailAddress: 'lucia@demo.hearth.test', role: 'community-member', preferredLanguage: 'es' },
] as const satisfies ReadonlyArray<{ name: string; emailAddress: string; role: RoleSlug; preferredLanguage?: string }>

/**
 * The demo community: an owner, an admin, members, the hub room, an announcements room, a group and
 * an upcoming event. Running it again changes nothing.
 */
export async function seedDemo(now = new Date()) {
  const existing = await Brand.findOne({ where: { slug: DEMO_BRAND_SLUG } })
  if (existing) return { brand: existing, created: false }

  return Brand.sequelize!.transaction(async (transaction) => {
    const brand = await Brand.create(
      {
        slug: DEMO_BRAND_SLUG,
        name: 'Hearth Demo',
        trialEndsAt: new Date(now.getTime() + 30 * 24 * 3600 * 1000),
        publicCommunity: true,
        // Guests may look at the demo's community home and groups without signing in.
        publicAccess: { hub: true, groups: true, members: false, subcommunities: false },
        allowSignUps: true,
        selfSignupHash: DEMO_SIGNUP_HASH,
      },
      { transaction },
    )

    const users = new Map<string, User>()
    for (const account of DEMO_ACCOUNTS) {
      const user = await User.create(
        {
          name: account.name,
          emailAddress: account.emailAddress,
          preferredLanguage: 'preferredLanguage' in account ? account.preferredLanguage : null,
        },
        { transaction },
      )
      users.set(account.role === 'community-member' ? account.emailAddress : account.role, user)
      await addMember({ brandId: brand.id, userId: user.id, roles: [account.role], source: 'invitation', transaction })
    }
    const owner = users.get('community-owner')!
    const admin = users.get('community-admin')!
    const memberIds = [...users.values()].map((user) => user.id)

    const room = (fields: Partial<Room> & Pick<Room, 'slug' | 'name' | 'context'>) =>
      Room.create({ brandId: brand.id, hostId: owner.id, ...fields }, { transaction })

    const hub = await room({
      slug: 'hub',
      name: 'Community Hub',
      context: 'group',
      roomType: 'meeting',
      open: true,
      description: 'Where the whole community meets.',
      members: memberIds,
    })
    const announcements = await room({
      slug: 'announcements',
      name: 'Announcements',
      context: 'group',
      roomType: 'meeting',
      description: 'News from the team.',
      coHosts: [admin.id],
      members: memberIds,
    })
    await room({
      slug: 'book-club',
      name: 'Book Club',
      context: 'group',
      roomType: 'meeting',
      hostId: users.get('mia@demo.hearth.test')!.id,
      description: 'One book a month, one call a week.',
      members: memberIds.slice(2),
    })
    const inAWeek = new Date(now.getTime() + 7 * 24 * 3600 * 1000)
    inAWeek.setUTCHours(17, 0, 0, 0)
    const welcomeCall = await room({
      slug: 'welcome-call',
      name: 'Welcome Call',
      context: 'event',
      type: 'meeting',
      description: 'Meet the community and the team behind it.',
      startsAt: inAWeek,
      endsAt: new Date(inAWeek.getTime() + 3600 * 1000),
      timeZone: 'UTC',
      event: { eventProps: { breakoutStarted: false } },
      coHosts: [admin.id],
    })
    // The home's "Welcome Call" link opens this event's page (/demo/events/welcome-call): a scripted
    // event with its slots, so the page shows what an event holds.
    await CommunityEvent.create({ roomId: welcomeCall.id, eventType: 'scripted', breakoutSize: 4 }, { transaction })
    await EventSlot.bulkCreate(
      [
        { roomId: welcomeCall.id, position: 0, name: 'Welcome', minutes: 5, seconds: 0 },
        {
          roomId: welcomeCall.id,
          position: 1,
          name: 'Introductions in small groups',
          minutes: 15,
          seconds: 0,
          breakoutRecordAudio: false,
        },
        { roomId: welcomeCall.id, position: 2, name: 'Questions and answers', minutes: 10, seconds: 0 },
      ],
      { transaction },
    )
    for (const user of users.values()) {
      await room({ slug: personalSlug(user), name: user.name, context: 'personal', hostId: user.id, description: null })
    }

    await brand.update({ topLevelRoomId: hub.id, announcementsRoomId: announcements.id }, { transaction })
    return { brand, created: true }
  })
}

function personalSlug(user: User) {
  return user.emailAddress!.split('@')[0]!.replace(/[^a-z0-9]/g, '')
}
