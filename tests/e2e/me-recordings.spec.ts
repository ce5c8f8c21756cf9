// A personal room's recordings, with and without JavaScript: the host finds them
// on /me, plays one and deletes it. The recording is put where the edge would have put it (a row in
// the main brand's library and its file in the run's media store); recording.js.spec.ts records a
// real meeting, and tests/integration/app/lib/media/me-recordings.test.ts covers who may see what.
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { Brand, Media } from '#models/index'
import { makeUser } from '../support/factories'
import { claimRoom, screenshots, signInWithSession, t } from './support'

const a = (key: string, values: Record<string, string | number> = {}) => t('en', `account:${key}`, values)

test('a host finds the recordings of their personal room on /me, plays one and deletes it', async ({
  page,
}, testInfo) => {
  const run = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const emailAddress = `recordings-${run}@recordings.example`
  const { id: userId } = await makeUser({ name: 'Rhea Recorder', emailAddress, verified: true })
  await signInWithSession(page, emailAddress)
  await claimRoom(page, `rec-${run}`)

  await page.goto('/me')
  await page.getByRole('link', { name: a('me.recordings') }).click()
  await expect(page.getByRole('heading', { name: a('recordings.title') })).toBeVisible()
  await expect(page.getByText(a('recordings.empty'))).toBeVisible()

  // What the edge keeps when the host stops recording (media-edge/recording-library.ts).
  const { id: brandId } = await Brand.findOne({ where: { slug: 'me' }, rejectOnEmpty: true })
  const id = randomUUID()
  const storageKey = `${brandId}/${userId}/${id}`
  const bytes = Buffer.from('\x1aE\xdf\xa3 recorded in the e2e run')
  mkdirSync(join(process.env.E2E_MEDIA_DIR!, brandId, userId), { recursive: true })
  writeFileSync(join(process.env.E2E_MEDIA_DIR!, ...storageKey.split('/')), bytes)
  await Media.create({
    id,
    brandId,
    userId,
    kind: 'video',
    name: 'rec-20261125-101500.webm',
    contentType: 'video/webm',
    size: bytes.length,
    storageKey,
  })

  await page.reload()
  const link = page.getByRole('link', { name: 'rec-20261125-101500.webm' })
  await expect(link).toBeVisible()
  await screenshots(page, testInfo, 'me-recordings')
  const file = await page.request.get((await link.getAttribute('href'))!)
  expect(file.status()).toBe(200)
  expect(file.headers()['content-type']).toBe('video/webm')
  expect(Buffer.from(await file.body())).toEqual(bytes)

  await page.getByRole('button', { name: `${a('recordings.delete')} rec-20261125-101500.webm` }).click()
  await expect(page.getByText(a('recordings.deleted'))).toBeVisible()
  await expect(page.getByText(a('recordings.empty'))).toBeVisible()
  expect(await Media.findAll({ where: { id }, attributes: ['id'], raw: true })).toEqual([])
})
