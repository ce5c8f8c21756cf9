// Connections, with and without JavaScript: one member asks to connect, the other accepts from the
// contacts drawer, the first makes them a favourite and finds them by search; a block stops the
// blocked person's request. Each project builds a community of its own.
import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { addPerson, collectErrors, expectAccessible, makeCommunity, screenshots, signInWithSession, t } from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)

async function makeConnectionsCommunity(suffix: string) {
  const slug = `connections-${suffix}`
  const brandId = await makeCommunity(slug, `Connections Test ${suffix}`)
  const person = async (name: string) => {
    const emailAddress = `${name.toLowerCase().replace(/\s+/g, '.')}.${suffix}@connections.hearth.test`
    return { name, emailAddress, id: await addPerson(brandId, { name, emailAddress }) }
  }
  return { slug, ana: await person('Ana Alves'), ben: await person('Ben Brook'), cy: await person('Cy Cole') }
}

const button = (page: Page, key: string) => page.getByRole('button', { name: text(key), exact: true })
const contactList = (page: Page) => page.getByRole('list', { name: text('connections:list.heading') })

test('request, accept, favourite, find in the contacts drawer; a blocked member cannot ask', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const c = await makeConnectionsCommunity(`${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  const errors = collectErrors(page)
  await signInWithSession(page, c.ana.emailAddress)

  // Ana finds Ben on the members page, asks to connect there, and comes back to it.
  await page.goto(`/${c.slug}/members`)
  await page
    .getByRole('button', { name: `${text('connections:actions.request')} (${c.ben.name})`, exact: true })
    .click()
  await expect(page.getByText(text('connections:flash.requested'))).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/${c.slug}/members$`))
  // Her own row offers no such button.
  await expect(
    page.getByRole('button', { name: `${text('connections:actions.request')} (${c.ana.name})`, exact: true }),
  ).toHaveCount(0)

  // Ben's dialog says the request waits.
  await page.getByRole('link', { name: `${text('connections:actions.profile')} (${c.ben.name})`, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/${c.slug}/contacts/${c.ben.id}$`))
  await expect(page.getByRole('heading', { level: 2, name: c.ben.name })).toBeVisible()
  await expect(page.getByText(text('connections:person.requested'))).toBeVisible()
  await expect(button(page, 'connections:actions.withdraw')).toBeVisible()
  await expectAccessible(page)
  await screenshots(page, testInfo, 'connections-person')

  // Ben accepts from his contacts drawer.
  const benContext = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled !== false })
  const benPage = await benContext.newPage()
  await signInWithSession(benContext, c.ben.emailAddress)
  await benPage.goto(`/${c.slug}/contacts`)
  const incoming = benPage.getByRole('region', { name: text('connections:requests.incoming') })
  await expect(incoming.getByRole('link', { name: c.ana.name })).toBeVisible()
  await incoming
    .getByRole('button', { name: `${text('connections:actions.accept')} (${c.ana.name})`, exact: true })
    .click()
  await expect(benPage.getByText(text('connections:flash.accepted'))).toBeVisible()
  await expect(contactList(benPage).getByRole('link', { name: c.ana.name })).toBeVisible()
  await benContext.close()

  // Ana makes Ben a favourite: he shows under Favourites, and a search finds him.
  await page.goto(`/${c.slug}/contacts`)
  await expect(contactList(page).getByRole('link', { name: c.ben.name })).toBeVisible()
  await contactList(page)
    .getByRole('button', { name: `${text('connections:actions.favorite')} (${c.ben.name})`, exact: true })
    .click()
  await expect(page.getByText(text('connections:flash.favorited'))).toBeVisible()
  await page.getByRole('link', { name: text('connections:list.favorites'), exact: true }).click()
  await expect(page).toHaveURL(/favorites=1/)
  await expect(contactList(page).getByRole('link', { name: c.ben.name })).toBeVisible()
  await expect(contactList(page).getByText(`★ ${text('connections:list.favorite')}`)).toBeVisible()
  await page.getByLabel(text('connections:list.search')).fill('BROOK')
  await button(page, 'connections:list.searchButton').click()
  await expect(page).toHaveURL(/q=BROOK/)
  await expect(contactList(page).getByRole('link', { name: c.ben.name })).toBeVisible()
  await page.getByLabel(text('connections:list.search')).fill('nobody')
  await button(page, 'connections:list.searchButton').click()
  await expect(page.getByText(text('connections:list.noMatches', { query: 'nobody' }))).toBeVisible()
  await page.goto(`/${c.slug}/contacts`)
  await expectAccessible(page)
  await screenshots(page, testInfo, 'connections-drawer')

  // Ana blocks Cy; Cy's request is refused with the reason, and nothing is sent.
  await page.goto(`/${c.slug}/contacts/${c.cy.id}`)
  await button(page, 'connections:actions.block').click()
  await expect(page.getByText(text('connections:flash.blocked'))).toBeVisible()
  await expect(button(page, 'connections:actions.unblock')).toBeVisible()
  await page.goto(`/${c.slug}/contacts`)
  await expect(
    page.getByRole('region', { name: text('connections:blocks.blocked') }).getByRole('link', { name: c.cy.name }),
  ).toBeVisible()

  const cyContext = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled !== false })
  const cyPage = await cyContext.newPage()
  await signInWithSession(cyContext, c.cy.emailAddress)
  await cyPage.goto(`/${c.slug}/contacts/${c.ana.id}`)
  await button(cyPage, 'connections:actions.request').click()
  await expect(cyPage.getByRole('alert').filter({ hasText: text('connections:errors.blocked') })).toBeVisible()
  await cyPage.goto(`/${c.slug}/contacts/${c.ana.id}`)
  await expect(cyPage.getByText(text('connections:person.none'))).toBeVisible()
  await cyContext.close()

  expect(errors).toEqual([])
})
