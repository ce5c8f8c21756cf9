// Accounts belong to their people (docs/security.md): an admin who adds someone who already has an
// account sends them an invitation; the person opens the mailed link, signed in as themselves, and
// accepts; the admin's editor then shows their account without letting anyone change it. With and
// without JavaScript: every step is a plain form.
import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { Membership, Room, User } from '#models/index'
import { addPerson, expectAccessible, makeCommunity, mailsTo, screenshot, signInWithSession, t } from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)

async function bothWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(page, test.info(), name)
  }
}

test('an admin invites someone who has an account; only they accept it, and their account stays theirs', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000)
  const run = `${randomBytes(3).toString('hex')}-${testInfo.project.name}`
  const slug = `owners-${run}`
  const community = `Owners ${run}`
  const brandId = await makeCommunity(slug, community)
  const admin = `admin-${run}@owners.example`
  await addPerson(brandId, { name: 'Ada Admin', emailAddress: admin, role: 'community-admin' })
  // Ivy has an account of her own, in another community.
  const elsewhere = await makeCommunity(`elsewhere-${run}`, `Elsewhere ${run}`)
  const ivy = `ivy-${run}@owners.example`
  const ivyId = await addPerson(elsewhere, { name: 'Ivy Owner', emailAddress: ivy })

  // The admin adds her with the wizard: an invitation, not a membership.
  await signInWithSession(page, admin)
  await page.goto(`/${slug}/members/new`)
  await page.getByLabel(text('members:wizard.fields.name')).fill('Ivy Studio')
  await page.getByLabel(text('members:wizard.fields.roomLink')).fill(`ivy-${run}`)
  await page.getByLabel(text('members:wizard.fields.emailAddress')).fill(ivy)
  await page.getByLabel(text('members:wizard.fields.fullName')).fill('Not Her Name')
  await page.getByRole('button', { name: text('members:wizard.create') }).click()
  await expect(page.getByText(text('members:wizard.invited', { email: ivy }))).toBeVisible()
  expect(await Membership.findAll({ where: { brandId, userId: ivyId }, attributes: ['status'], raw: true })).toEqual([])

  // The community's invitations waiting for an answer: Ivy's, which the admin could withdraw.
  await page.goto(`/${slug}/members`)
  await page.getByRole('link', { name: text('members:invitations.link') }).click()
  await expect(page.getByRole('heading', { level: 1, name: text('members:invitations.title') })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: ivy })).toContainText(
    text('members:invitations.by', { name: 'Ada Admin' }),
  )
  await expect(
    page.getByRole('button', { name: text('members:invitations.withdrawFor', { email: ivy }) }),
  ).toBeVisible()
  await expectAccessible(page)
  await bothWidths(page, 'member-invitations')

  // The mail's link; the admin who opens it is told it is someone else's and cannot answer.
  await expect.poll(() => mailsTo(ivy).length, { timeout: 10_000 }).toBeGreaterThan(0)
  const link = /(https?:\/\/\S+\/invitations\/[\w-]+)/.exec(mailsTo(ivy).at(-1)!.text ?? '')?.[1]
  expect(link).toBeTruthy()
  const path = new URL(link!).pathname
  await page.goto(path)
  await expect(page.getByRole('alert')).toContainText(
    text('members:invitation.otherAccount', { address: `i•••@owners.example` }),
  )
  await expect(page.getByRole('button', { name: text('members:invitation.accept') })).toHaveCount(0)

  // Ivy, signed in as herself, accepts.
  const ivyContext = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled !== false })
  const ivyPage = await ivyContext.newPage()
  await signInWithSession(ivyPage, ivy)
  await ivyPage.goto(path)
  await expect(
    ivyPage.getByRole('heading', { level: 1, name: text('members:invitation.title', { community }) }),
  ).toBeVisible()
  await expect(ivyPage.getByText(text('members:invitation.offer', { inviter: 'Ada Admin', community }))).toBeVisible()
  await expectAccessible(ivyPage)
  await bothWidths(ivyPage, 'invitation')
  await ivyPage.getByRole('button', { name: text('members:invitation.accept') }).click()
  await expect(ivyPage).toHaveURL(new RegExp(`/${slug}(/|$)`))
  await expect(ivyPage.getByText(text('members:invitation.accepted', { community }))).toBeVisible()
  expect(await Membership.findAll({ where: { brandId, userId: ivyId }, attributes: ['status'], raw: true })).toEqual([
    { status: 'active' },
  ])
  expect(await Room.findAll({ where: { brandId, hostId: ivyId }, attributes: ['slug'], raw: true })).toEqual([
    { slug: `ivy-${run}` },
  ])
  // Spent: the link is gone.
  const again = await ivyPage.goto(path)
  expect(again?.status()).toBe(410)
  await ivyContext.close()

  // The admin's editor shows her account but offers no field to change it; saving keeps it as it is.
  await page.goto(`/${slug}/members/${ivyId}`)
  await expect(page.getByText(text('members:editor.ownAccountHint'))).toBeVisible()
  await expect(page.getByLabel(text('members:editor.fields.emailAddress'))).toHaveCount(0)
  await expectAccessible(page)
  await bothWidths(page, 'member-editor-own-account')
  await page.getByRole('button', { name: text('members:editor.save') }).click()
  await expect(page.getByText(text('common:flash.saved'))).toBeVisible()
  expect(await User.findAll({ where: { id: ivyId }, attributes: ['name', 'emailAddress'], raw: true })).toEqual([
    { name: 'Ivy Owner', emailAddress: ivy },
  ])
})
