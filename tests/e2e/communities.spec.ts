import { expect, test } from '@playwright/test'
import { newId } from '../../models/ids'
import {
  addPerson,
  copyOfDemoRoom,
  DEMO,
  expectAccessible,
  makeCommunity,
  screenshots,
  signInWithSession,
  t,
} from './support'

/** A second community on the same install, closed to guests, with its hub and an owner of its own. */
async function secondCommunity(slug: string) {
  const hubId = newId()
  // Closed to guests (the demo opens its hub and groups), so a stranger is refused everywhere.
  const closed = { hub: false, groups: false, members: false, subcommunities: false }
  const brandId = await makeCommunity(slug, `Community ${slug}`, { topLevelRoomId: hubId, publicAccess: closed })
  await copyOfDemoRoom('hub', { id: hubId, brandId, slug: 'hub', name: `${slug} hub` })
  const ownerEmail = `owner@${slug}.hearth.test`
  await addPerson(brandId, { name: `Owner of ${slug}`, emailAddress: ownerEmail, role: 'community-owner' })
  return { slug, name: `Community ${slug}`, hubName: `${slug} hub`, ownerEmail }
}

test('two communities on one install see nothing of each other', async ({ browser }, testInfo) => {
  const other = await secondCommunity(`apart-${testInfo.project.name}-${Date.now().toString(36)}`)

  const ownerThere = await browser.newContext()
  const theirs = await ownerThere.newPage()
  await signInWithSession(theirs, other.ownerEmail)
  await theirs.goto(`/${other.slug}`)
  await expect(
    theirs.getByRole('heading', { level: 1, name: t('en', 'pages:community.welcome', { name: other.name }) }),
  ).toBeVisible()
  await expect(theirs.getByRole('heading', { name: other.hubName })).toBeVisible()
  // The demo's pages and rooms are closed to them: its members page, its drawer, its group.
  for (const path of [`/${DEMO.slug}/members`, `/${DEMO.slug}/calls`]) {
    await theirs.goto(path)
    await expect(theirs).toHaveURL(new RegExp(`/${DEMO.slug}/access-denied`))
  }
  await ownerThere.close()

  const memberHere = await browser.newContext()
  const ours = await memberHere.newPage()
  await signInWithSession(ours, DEMO.accounts[2].emailAddress)
  for (const path of [`/${other.slug}`, `/${other.slug}/messages`, `/${other.slug}/hub`]) {
    await ours.goto(path)
    await expect(ours).toHaveURL(new RegExp(`/${other.slug}/access-denied`))
  }
  await memberHere.close()
})

test('a guest sees only what the community opened to guests', async ({ page }) => {
  // The demo opens its hub and groups to guests (models/seed.ts), not its members page or the drawers.
  await page.goto(`/${DEMO.slug}`)
  await expect(
    page.getByRole('heading', { level: 1, name: t('en', 'pages:community.welcome', { name: DEMO.name }) }),
  ).toBeVisible()
  for (const path of [
    `/${DEMO.slug}/members`,
    `/${DEMO.slug}/messages`,
    `/${DEMO.slug}/calls`,
    `/${DEMO.slug}/contacts`,
  ]) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/private\?redirectTo=/)
    await expect(page.getByRole('heading', { level: 1, name: t('en', 'pages:private.title') })).toBeVisible()
  }
})

test('call history, messages and contacts open the left drawer over the home, and close back to it', async ({
  page,
}, testInfo) => {
  await signInWithSession(page, DEMO.accounts[3].emailAddress)
  await page.goto(`/${DEMO.slug}`)
  const sidebar = page.getByRole('navigation', { name: t('en', 'common:nav.label') })
  for (const view of ['calls', 'messages', 'contacts'] as const) {
    await sidebar.getByRole('link', { name: t('en', `common:nav.${view}`) }).click()
    await expect(page).toHaveURL(`/${DEMO.slug}/${view}`)
    const drawer = page.getByRole('complementary', { name: t('en', `common:nav.${view}`) })
    await expect(drawer).toBeVisible()
    await expect(sidebar.getByRole('link', { name: t('en', `common:nav.${view}`) })).toHaveAttribute(
      'aria-current',
      'page',
    )
    // The home stays beneath it.
    await expect(
      page.getByRole('heading', { level: 1, name: t('en', 'pages:community.welcome', { name: DEMO.name }) }),
    ).toBeVisible()
    await expect(page).toHaveTitle(`${t('en', `common:nav.${view}`)} · Hearth`)
  }
  await expectAccessible(page)
  await screenshots(page, testInfo, 'left-drawer')
  await page.getByRole('link', { name: t('en', 'community:drawer.close') }).click()
  await expect(page).toHaveURL(`/${DEMO.slug}`)
})
