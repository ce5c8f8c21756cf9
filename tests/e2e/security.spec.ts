// Document security headers, the nonce on every inline script, and (with JavaScript) a clean console
// and a page that hydrates under that policy.
import { expect, test } from '@playwright/test'
import { DEMO, collectErrors, hasJavaScript, t, waitForHydration } from './support'

function cspDirectives(header: string | undefined) {
  return new Map(
    (header ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  )
}

for (const path of ['/', `/${DEMO.slug}`, '/kicked', '/a/b/c']) {
  test(`${path} is served with the document security headers`, async ({ page }) => {
    const response = await page.goto(path)
    const headers = await response!.allHeaders()
    const csp = cspDirectives(headers['content-security-policy'])
    const scriptSrc = csp.get('script-src') ?? []
    const nonce = scriptSrc.find((source) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(source))?.slice(7, -1)
    expect(nonce, `script-src has a nonce: ${headers['content-security-policy']}`).toBeTruthy()
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    expect(csp.get('frame-ancestors')).toEqual(["'self'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(headers['x-content-type-options']).toBe('nosniff')

    // Every inline script and style in the document carries this response's nonce.
    const html = await response!.text()
    const inline = [...html.matchAll(/<(script|style)\b([^>]*)>/g)].filter(
      ([, , attributes]) => !/\bsrc=/.test(attributes!),
    )
    expect(inline.length).toBeGreaterThan(0)
    for (const [tag] of inline) expect(tag).toContain(`nonce="${nonce}"`)
  })
}

test('each document gets a fresh nonce', async ({ request }) => {
  const nonceOf = async () =>
    /'nonce-([^']+)'/.exec((await request.get('/kicked')).headers()['content-security-policy'] ?? '')?.[1]
  const [first, second] = [await nonceOf(), await nonceOf()]
  expect(first).toBeTruthy()
  expect(second).toBeTruthy()
  expect(first).not.toBe(second)
})

test.describe('scripts and hydration', () => {
  for (const path of ['/', `/${DEMO.slug}`, '/kicked', '/connection-error', '/unsupported-device', '/dev']) {
    test(`${path} loads without console errors or CSP violations`, async ({ page }, testInfo) => {
      const errors = collectErrors(page)
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      if (hasJavaScript(testInfo)) await waitForHydration(page, '.site-title')
      expect(errors).toEqual([])
    })
  }

  test('the community home hydrates: a sidebar link navigates in the same document (plain link without JS)', async ({
    page,
  }, testInfo) => {
    await page.goto(`/${DEMO.slug}`)
    const sidebar = page.getByRole('navigation', { name: t('en', 'common:nav.label') })
    const media = sidebar.getByRole('link', { name: t('en', 'common:nav.media') })
    if (!hasJavaScript(testInfo)) {
      // Without JavaScript the same link is an ordinary one: a full page load to the same place.
      await media.click()
      // The media library is each member's own: a visitor is shown the private page's sign-in prompt.
      await expect(page).toHaveURL(`/private?redirectTo=${encodeURIComponent(`/${DEMO.slug}/media`)}`)
      await expect(page.getByRole('heading', { level: 1, name: t('en', 'pages:private.title') })).toBeVisible()
      return
    }
    await waitForHydration(page, '.community-sidebar a[href$="/media"]')
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
    // Single fetch: the router asks for the new page's data at /demo.data, not for a document.
    const dataRequest = page.waitForRequest((request) => new URL(request.url()).pathname === `/${DEMO.slug}/media.data`)
    const documentRequests: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentRequests.push(request.url())
    })
    await media.click()
    await dataRequest
    await expect(page).toHaveURL(`/private?redirectTo=${encodeURIComponent(`/${DEMO.slug}/media`)}`)
    await expect(page.getByRole('heading', { level: 1, name: t('en', 'pages:private.title') })).toBeVisible()
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
    expect(documentRequests).toEqual([])
  })

  test('the landing page link to the demo navigates client-side (plain link without JS)', async ({
    page,
  }, testInfo) => {
    await page.goto('/')
    if (hasJavaScript(testInfo)) await waitForHydration(page, 'main a[href="/demo"]')
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
    await page.getByRole('link', { name: t('en', 'pages:home.demo') }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Welcome to ${DEMO.name}` })).toBeVisible()
    await expect(page).toHaveTitle(/Welcome to Hearth Demo/)
    // With JavaScript the router renders the new page in the same document; without, the browser loads a new one.
    const sameDocument = await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)
    expect(sameDocument).toBe(hasJavaScript(testInfo) ? true : undefined)
  })
})
