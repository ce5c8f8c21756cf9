// The settings panel's forms (fields and defaults, community states, the name, "Your changes were
// saved."): each rule at its boundary, without JavaScript (unticked boxes are simply not posted),
// and what the next page shows.
import { beforeEach, describe, expect, it } from 'vitest'
import { Brand, Media, type User } from '#models/index'
import { loader as rootLoader } from '#app/root'
import { action as settingsAction, loader as settingsLoader } from '#app/routes/$brand._community.settings._index/route'
import { action as themeAction } from '#app/routes/$brand._community.settings.theme/route'
import { action as languageAction } from '#app/routes/$brand._community.settings.language/route'
import { action as installAction, loader as installLoader } from '#app/routes/$brand._community.settings.install/route'
import { action as communitiesAction, loader as communitiesLoader } from '#app/routes/communities/route'
import { loader as publicInstallLoader } from '#app/routes/$brand.install'
import { grantRole, makeCommunity, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

let brand: Brand
let owner: User
let admin: User

beforeEach(async () => {
  ;({ brand, owner } = await makeCommunity())
  admin = await makeUser()
  await grantRole(admin, brand, 'community-admin')
})

/** The settings form as a browser posts it with the stored defaults: ticked boxes only. */
function defaultSettings(overrides: Record<string, string | null> = {}): Record<string, string> {
  const fields: Record<string, string | null> = {
    intent: 'settings',
    name: brand.name,
    defaultLandingPage: 'rooms',
    redirectOnEndCall: 'thankYou',
    communityToS: '',
    communityPP: '',
    meetButtonEnabled: 'on',
    'peerSettings.peersMax': '16',
    'peerSettings.peersMinSize': '160',
    'peerSettings.mirrorOwnVideo': 'on',
    'peerSettings.defaultDisplayName': 'Guest',
    'peerSettings.peersDisplayNameplates': 'on',
    defaultViewDesktop: 'tiles',
    defaultViewMobile: 'primarySpeaker',
    ...Object.fromEntries(
      [
        'chat',
        'settings',
        'sharedVideo',
        'sharedScreen',
        'recording',
        'transcribe',
        'closedCaption',
        'live',
        'viewingMode',
        'fullScreen',
      ].map((c) => [`toolbarControls.${c}`, 'on']),
    ),
    'contentModeration.postToxicityThreshold': '70',
    ...overrides,
  }
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== null))
}

function defaultTheme(overrides: Record<string, string | null> = {}): Record<string, string> {
  const fields: Record<string, string | null> = {
    intent: 'theme',
    theme: 'hearth',
    'custom.primary': '#b4461b',
    'custom.onPrimary': '#ffffff',
    'custom.secondary': '#3d3a36',
    'custom.onSecondary': '#ffffff',
    'custom.accent': '#1c5fa8',
    'custom.onAccent': '#ffffff',
    'custom.highlight': '#fbe7dc',
    'custom.onHighlight': '#5a1f07',
    'custom.background': '#f6f4f1',
    'custom.onBackground': '#1d1b19',
    'custom.positive': '#1e7d3c',
    'custom.negative': '#b3261e',
    'custom.info': '#1c5fa8',
    'custom.warning': '#8a5a00',
    'custom.light': '#f6f4f1',
    'custom.dark': '#1d1b19',
    customFlat: 'on',
    customBordered: 'on',
    'background.image': '',
    'background.position': 'center',
    'background.repeat': 'no-repeat',
    'background.size': 'cover',
    'background.attachment': 'scroll',
    fontBase: 'Roboto',
    fontTitle: 'IBM Plex Sans',
    ...overrides,
  }
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== null))
}

async function post(as: User, path: string, fields: Record<string, string>) {
  return routeArgs(
    path,
    { brand: brand.slug },
    { method: 'POST', body: new URLSearchParams(fields), headers: { Cookie: await signedInCookie(as.id) } },
  )
}

/** A save that must succeed: the redirect, with the flash cookie that says so. */
async function saved(work: Promise<unknown>) {
  const response = await thrownResponse(work)
  expect(response.status).toBe(302)
  expect(response.headers.get('Set-Cookie')).toContain('__flash=')
  return response
}

/** A save that must be refused as bad input: 400, the field's message, the typed values kept. */
async function refused(work: Promise<unknown>) {
  const result = await work
  expect(initOf(result).status).toBe(400)
  return unwrap(
    result as {
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }
      init: unknown
    },
  ).result
}

const stored = () => Brand.findByPk(brand.id, { rejectOnEmpty: true })
const settingsPath = () => `/${brand.slug}/settings`

describe('settings tab', () => {
  it('shows every setting with the spec defaults', async () => {
    const data = await settingsLoader(
      routeArgs(settingsPath(), { brand: brand.slug }, { headers: { Cookie: await signedInCookie(admin.id) } }),
    )
    expect(data.values).toMatchObject({
      publicAccess: { hub: false, groups: false, members: false, subcommunities: false },
      defaultLandingPage: 'rooms',
      redirectOnEndCall: 'thankYou',
      peerSettings: {
        peersMax: 16,
        peersMinSize: 160,
        mirrorOwnVideo: true,
        defaultDisplayName: 'Guest',
        peersDisplayNameplates: true,
      },
      defaultViewDesktop: 'tiles',
      defaultViewMobile: 'primarySpeaker',
      contentModeration: { postToxicityThreshold: 70 },
      meetButtonEnabled: true,
    })
    expect(Object.values(data.values.toolbarControls)).toEqual(Array(10).fill(true))
    // An admin does not manage owners, so cannot change the status.
    expect(data.mayChangeStatus).toBe(false)
  })

  it('saves every field and says "Your changes were saved."', async () => {
    const response = await saved(
      settingsAction(
        await post(
          admin,
          settingsPath(),
          defaultSettings({
            name: 'Renamed',
            'publicAccess.groups': 'on',
            requireMemberPhoneNumber: 'on',
            communityToS: 'https://example.com/terms',
            'peerSettings.peersMax': '9',
            'peerSettings.defaultDisplayName': 'Visitor',
            defaultViewDesktop: 'presenter',
            'contentModeration.postToxicityThreshold': '55',
          }),
        ),
      ),
    )
    expect(response).toRedirectTo(settingsPath())
    const row = await stored()
    expect(row.name).toBe('Renamed')
    expect(row.publicAccess).toEqual({ hub: false, groups: true, members: false, subcommunities: false })
    expect(row).toMatchObject({
      requireMemberPhoneNumber: true,
      communityToS: 'https://example.com/terms',
      defaultViewDesktop: 'presenter',
    })
    expect(row.peerSettings).toMatchObject({ peersMax: 9, defaultDisplayName: 'Visitor' })
    expect(row.contentModeration).toEqual({ postToxicityThreshold: 55, imageCategories: [], videoCategories: [] })
  })

  it('reads checkboxes that are not posted as false (no JavaScript needed)', async () => {
    const unticked = Object.fromEntries(
      Object.keys(defaultSettings())
        .filter((key) => key.startsWith('toolbarControls.'))
        .map((key) => [key, null]),
    )
    await saved(
      settingsAction(
        await post(
          admin,
          settingsPath(),
          defaultSettings({ ...unticked, meetButtonEnabled: null, 'peerSettings.mirrorOwnVideo': null }),
        ),
      ),
    )
    const row = await stored()
    expect(Object.values(row.toolbarControls)).toEqual(Array(10).fill(false))
    expect(row.meetButtonEnabled).toBe(false)
    expect(row.peerSettings.mirrorOwnVideo).toBe(false)
  })

  it.each([
    ['name', { name: 'A' }, 'name', 'settings:errors.nameTooShort'],
    ['name (blank after trimming)', { name: '  x ' }, 'name', 'settings:errors.nameTooShort'],
    ['peersMax below 1', { 'peerSettings.peersMax': '0' }, 'peerSettings.peersMax', 'settings:errors.numberRange'],
    ['peersMax above 49', { 'peerSettings.peersMax': '50' }, 'peerSettings.peersMax', 'settings:errors.numberRange'],
    ['peersMax not whole', { 'peerSettings.peersMax': '2.5' }, 'peerSettings.peersMax', 'settings:errors.numberWhole'],
    [
      'peersMinSize below 80',
      { 'peerSettings.peersMinSize': '79' },
      'peerSettings.peersMinSize',
      'settings:errors.numberRange',
    ],
    [
      'peersMinSize above 640',
      { 'peerSettings.peersMinSize': '641' },
      'peerSettings.peersMinSize',
      'settings:errors.numberRange',
    ],
    [
      'toxicity below 0',
      { 'contentModeration.postToxicityThreshold': '-1' },
      'contentModeration.postToxicityThreshold',
      'settings:errors.numberRange',
    ],
    [
      'toxicity above 100',
      { 'contentModeration.postToxicityThreshold': '101' },
      'contentModeration.postToxicityThreshold',
      'settings:errors.numberRange',
    ],
    [
      'toxicity not a number',
      { 'contentModeration.postToxicityThreshold': 'lots' },
      'contentModeration.postToxicityThreshold',
      'settings:errors.numberInvalid',
    ],
    [
      'display name empty',
      { 'peerSettings.defaultDisplayName': '   ' },
      'peerSettings.defaultDisplayName',
      'settings:errors.displayNameRequired',
    ],
    ['terms not a web address', { communityToS: 'javascript:alert(1)' }, 'communityToS', 'settings:errors.urlInvalid'],
    [
      'privacy policy without a scheme',
      { communityPP: 'example.com/privacy' },
      'communityPP',
      'settings:errors.urlInvalid',
    ],
    [
      'an unknown landing page',
      { defaultLandingPage: 'nowhere' },
      'defaultLandingPage',
      'settings:errors.choiceInvalid',
    ],
    ['an unknown view', { defaultViewMobile: 'grid' }, 'defaultViewMobile', 'settings:errors.choiceInvalid'],
  ])('refuses %s with 400, keeps what was typed, changes nothing', async (_label, overrides, field, message) => {
    const before = (await stored()).toJSON()
    const result = await refused(settingsAction(await post(admin, settingsPath(), defaultSettings(overrides))))
    expect(result.error[field]).toEqual([message])
    const [key, typed] = Object.entries(overrides)[0]!
    const initial = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], result.initialValue)
    expect(initial).toBe(typed)
    expect((await stored()).toJSON()).toEqual(before)
  })

  it('accepts each number at its bounds', async () => {
    for (const [max, size, toxicity] of [
      ['1', '80', '0'],
      ['49', '640', '100'],
    ] as const) {
      await saved(
        settingsAction(
          await post(
            admin,
            settingsPath(),
            defaultSettings({
              'peerSettings.peersMax': max,
              'peerSettings.peersMinSize': size,
              'contentModeration.postToxicityThreshold': toxicity,
            }),
          ),
        ),
      )
      const row = await stored()
      expect([
        row.peerSettings.peersMax,
        row.peerSettings.peersMinSize,
        row.contentModeration.postToxicityThreshold,
      ]).toEqual([Number(max), Number(size), Number(toxicity)])
    }
  })

  it('accepts a two-character name', async () => {
    await saved(settingsAction(await post(admin, settingsPath(), defaultSettings({ name: ' Ab ' }))))
    expect((await stored()).name).toBe('Ab')
  })

  it('forces membership moderation on a public community, whatever the form says', async () => {
    await saved(
      settingsAction(
        await post(admin, settingsPath(), defaultSettings({ publicCommunity: 'on', memberModeration: null })),
      ),
    )
    expect(await stored()).toMatchObject({ publicCommunity: true, memberModeration: true })
    // Private again, moderation is the admin's choice.
    await saved(
      settingsAction(
        await post(admin, settingsPath(), defaultSettings({ publicCommunity: null, memberModeration: null })),
      ),
    )
    expect(await stored()).toMatchObject({ publicCommunity: false, memberModeration: false })
  })

  it('lets only an owner make the community inactive', async () => {
    const result = await refused(
      settingsAction(await post(admin, settingsPath(), defaultSettings({ status: 'deleted' }))),
    )
    expect(result.error.status).toEqual(['settings:errors.statusOwnersOnly'])
    expect((await stored()).status).toBe('active')

    const response = await saved(
      settingsAction(await post(owner, settingsPath(), defaultSettings({ status: 'deleted' }))),
    )
    expect(response).toRedirectTo('/communities')
    expect((await stored()).status).toBe('deleted')
    // Now not found for everyone, the owner included.
    const gone = await thrownResponse(
      settingsLoader(
        routeArgs(settingsPath(), { brand: brand.slug }, { headers: { Cookie: await signedInCookie(owner.id) } }),
      ),
    )
    expect(gone).toRedirectTo('/community-not-found')
  })

  it('brings an inactive community back from the owner’s /communities page, and only there', async () => {
    await brand.update({ status: 'deleted' })
    const listed = await communitiesLoader(
      routeArgs('/communities', {}, { headers: { Cookie: await signedInCookie(owner.id) } }),
    )
    expect(listed.inactive).toEqual([{ id: brand.id, name: brand.name, slug: brand.slug }])
    // The admin cannot see or reactivate it.
    const adminList = await communitiesLoader(
      routeArgs('/communities', {}, { headers: { Cookie: await signedInCookie(admin.id) } }),
    )
    expect(adminList.inactive).toEqual([])
    const adminTry = await communitiesAction(
      routeArgs(
        '/communities',
        {},
        {
          method: 'POST',
          body: new URLSearchParams({ brandId: brand.id }),
          headers: { Cookie: await signedInCookie(admin.id) },
        },
      ),
    )
    expect(initOf(adminTry).status).toBe(400)
    expect((await stored()).status).toBe('deleted')

    const response = await saved(
      communitiesAction(
        routeArgs(
          '/communities',
          {},
          {
            method: 'POST',
            body: new URLSearchParams({ brandId: brand.id }),
            headers: { Cookie: await signedInCookie(owner.id) },
          },
        ),
      ),
    )
    expect(response).toRedirectTo(`/${brand.slug}/settings`)
    expect((await stored()).status).toBe('active')
  })

  it('never changes another community: an admin elsewhere is refused and nothing is written', async () => {
    const { brand: other } = await makeCommunity()
    const outsider = await makeUser()
    await grantRole(outsider, other, 'community-admin')
    const before = (await stored()).toJSON()
    const response = await thrownResponse(
      settingsAction(await post(outsider, settingsPath(), defaultSettings({ name: 'Hijacked' }))),
    )
    expect(response.headers.get('Location')).toContain(`/${brand.slug}/access-denied`)
    expect((await stored()).toJSON()).toEqual(before)
  })
})

describe('theme tab', () => {
  const themePath = () => `/${brand.slug}/settings/theme`
  const rootStyle = async () => unwrap(await rootLoader(routeArgs(`/${brand.slug}`, { brand: brand.slug }))).theme

  it('saves a named theme, and the next page’s <style> paints it', async () => {
    await saved(themeAction(await post(admin, themePath(), defaultTheme({ theme: 'forest' }))))
    expect((await stored()).theme).toBe('forest')
    const css = await rootStyle()
    expect(css).toContain('--color-primary:#2e6b3a')
    // Forest is neither flat nor bordered.
    expect(css).toContain('--card-border-width:0px')
    expect(css).not.toContain('--card-shadow:none')
  })

  /** An image of a community's media library, as an upload leaves it. */
  const libraryImage = (community: Pick<Brand, 'id'>, kind: 'image' | 'file' = 'image') =>
    Media.create({
      brandId: community.id,
      userId: owner.id,
      kind,
      name: 'bg.png',
      contentType: kind === 'image' ? 'image/png' : 'application/pdf',
      size: 10,
      storageKey: `k/${Math.random()}`,
    })

  it('saves a custom theme with its flags, status colours, background and fonts', async () => {
    const image = await libraryImage(brand)
    await saved(
      themeAction(
        await post(
          admin,
          themePath(),
          defaultTheme({
            theme: 'custom',
            'custom.primary': '#123456',
            'custom.negative': '#aa0000',
            customFlat: null,
            customBordered: null,
            'background.image': `/${brand.slug}/media/${image.id}`,
            'background.size': 'contain',
            fontBase: 'Open Sans',
          }),
        ),
      ),
    )
    const css = await rootStyle()
    expect(css).toContain('--color-primary:#123456')
    expect(css).toContain('--color-negative:#aa0000')
    expect(css).toContain('--card-border-width:0px')
    expect(css).toContain(`url("/${brand.slug}/media/${image.id}") center/contain no-repeat scroll`)
    expect(css).toContain('--font-base:"Open Sans",Roboto')
  })

  it.each([
    ['an unknown theme', { theme: 'neon' }, 'theme', 'settings:errors.choiceInvalid'],
    ['a colour that is not hex', { 'custom.primary': 'red' }, 'custom.primary', 'settings:errors.colorInvalid'],
    [
      'an unreadable custom text colour',
      { theme: 'custom', 'custom.onPrimary': '#b4461c' },
      'custom.onPrimary',
      'settings:errors.contrast',
    ],
    [
      'a background image over http',
      { 'background.image': 'http://example.com/a.png' },
      'background.image',
      'settings:errors.imageUrlInvalid',
    ],
    [
      'a background image on another site',
      { 'background.image': 'https://images.example.com/bg.png' },
      'background.image',
      'settings:errors.imageUrlInvalid',
    ],
    [
      'a same-site path that is not library media (an auto-join link)',
      { 'background.image': '/x/events/e/auto-join?code=abc' },
      'background.image',
      'settings:errors.imageUrlInvalid',
    ],
    [
      'a library address that is not stored',
      { 'background.image': '/x/media/nosuchitem' },
      'background.image',
      'settings:errors.imageUrlInvalid',
    ],
    [
      'a background image that breaks out of url()',
      { 'background.image': 'https://x.example.com/a.png");}' },
      'background.image',
      'settings:errors.imageUrlInvalid',
    ],
    ['a font name with a quote', { fontBase: 'Arial"' }, 'fontBase', 'settings:errors.fontInvalid'],
    ['an unknown background size', { 'background.size': '100%' }, 'background.size', 'settings:errors.choiceInvalid'],
  ])('refuses %s with 400 and changes nothing', async (_label, overrides, field, message) => {
    const before = (await stored()).toJSON()
    const image = (overrides as Record<string, string>)['background.image']?.replace(/^\/x\//, `/${brand.slug}/`)
    const result = await refused(
      themeAction(
        await post(admin, themePath(), defaultTheme({ ...overrides, ...(image ? { 'background.image': image } : {}) })),
      ),
    )
    expect(result.error[field]).toEqual([message])
    expect((await stored()).toJSON()).toEqual(before)
  })
})

describe('background image from another community or not an image', () => {
  it('refuses another community’s library image and a file that is not an image, changing nothing', async () => {
    const other = await makeCommunity()
    const foreign = await Media.create({
      brandId: other.brand.id,
      userId: other.owner.id,
      kind: 'image',
      name: 'bg.png',
      contentType: 'image/png',
      size: 10,
      storageKey: 'k/foreign',
    })
    const pdf = await Media.create({
      brandId: brand.id,
      userId: owner.id,
      kind: 'file',
      name: 'a.pdf',
      contentType: 'application/pdf',
      size: 10,
      storageKey: 'k/pdf',
    })
    for (const address of [
      `/${brand.slug}/media/${foreign.id}`,
      `/${other.brand.slug}/media/${foreign.id}`,
      `/${brand.slug}/media/${pdf.id}`,
    ]) {
      const before = (await Brand.findByPk(brand.id))!.toJSON()
      const result = await refused(
        themeAction(await post(admin, `/${brand.slug}/settings/theme`, defaultTheme({ 'background.image': address }))),
      )
      expect(result.error['background.image'], address).toEqual(['settings:errors.imageUrlInvalid'])
      expect((await Brand.findByPk(brand.id))!.toJSON()).toEqual(before)
    }
  })
})

describe('language tab', () => {
  const languagePath = () => `/${brand.slug}/settings/language`

  it('renders the next page of the community in the chosen language, and back to each visitor’s own', async () => {
    await saved(languageAction(await post(admin, languagePath(), { intent: 'language', communityLanguage: 'pt' })))
    const page = async () =>
      unwrap(
        await rootLoader(routeArgs(`/${brand.slug}`, { brand: brand.slug }, { headers: { 'Accept-Language': 'es' } })),
      )
    expect((await page()).language).toBe('pt')
    await saved(languageAction(await post(admin, languagePath(), { intent: 'language', communityLanguage: '' })))
    expect((await page()).language).toBe('es')
  })

  it('refuses a language the product does not offer', async () => {
    const result = await refused(
      languageAction(await post(admin, languagePath(), { intent: 'language', communityLanguage: 'fr' })),
    )
    expect(result.error.communityLanguage).toEqual(['settings:errors.languageInvalid'])
    expect((await stored()).communityLanguage).toBeNull()
  })
})

describe('install tab and public install page', () => {
  const installPath = () => `/${brand.slug}/settings/install`

  it('saves the site address (embedding page and its domain)', async () => {
    await saved(
      installAction(
        await post(admin, installPath(), { intent: 'install', siteUrl: 'https://www.example.org/community' }),
      ),
    )
    expect(await stored()).toMatchObject({
      embeddedClientUrl: 'https://www.example.org/community',
      documentDomain: 'www.example.org',
    })
    const data = await installLoader(
      routeArgs(installPath(), { brand: brand.slug }, { headers: { Cookie: await signedInCookie(admin.id) } }),
    )
    expect(data.siteUrl).toBe('https://www.example.org/community')
    expect(data.snippets.community).toContain(`/${brand.slug}"`)
  })

  it.each(['example.org', 'ftp://example.org', 'https://localhost', 'https://exa mple.org'])(
    'refuses %s: "Site domain must be a valid URL"',
    async (siteUrl) => {
      const result = await refused(installAction(await post(admin, installPath(), { intent: 'install', siteUrl })))
      expect(result.error.siteUrl).toEqual(['settings:errors.siteUrlInvalid'])
      expect(result.initialValue.siteUrl).toBe(siteUrl)
      expect((await stored()).embeddedClientUrl).toBeNull()
    },
  )

  it('shows the public install page to anyone, with the snippets', async () => {
    const data = await publicInstallLoader(routeArgs(`/${brand.slug}/install`, { brand: brand.slug }))
    expect(data.name).toBe(brand.name)
    expect(data.snippets.directory).toContain(`/directory/${brand.slug}`)
  })
})

describe('what the meeting reads', () => {
  it('ends a call where the settings say, and hands the room page the saved peer settings and toolbar', async () => {
    const { loader: roomLoader } = await import('#app/routes/$brand.$room/route')
    const hub = brand.topLevelRoomId!
    const { Room } = await import('#models/index')
    const room = await Room.findByPk(hub, { rejectOnEmpty: true })
    await saved(
      settingsAction(
        await post(
          admin,
          settingsPath(),
          defaultSettings({ redirectOnEndCall: 'home', 'peerSettings.peersMax': '4', 'toolbarControls.chat': null }),
        ),
      ),
    )
    const page = unwrap(
      await roomLoader(
        routeArgs(
          `/${brand.slug}/${room.slug}`,
          { brand: brand.slug, room: room.slug },
          { headers: { Cookie: await signedInCookie(admin.id) } },
        ),
      ),
    ) as {
      endUrl: string
      settings: { peersMax: number; controls: { chat: boolean } }
    }
    expect(page.endUrl).toBe(`/${brand.slug}`)
    expect(page.settings.peersMax).toBe(4)
    expect(page.settings.controls.chat).toBe(false)
  })
})
