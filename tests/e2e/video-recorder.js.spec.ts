// "Record a video" in the message forms (the browser's MediaRecorder, so JavaScript only; without
// it the file input of video-messages.spec.ts is the way): Chromium's fake camera is recorded into
// the form and sent; a browser without MediaRecorder gets the spec's Safari warning instead.
import { randomBytes } from 'node:crypto'
import { chromium, expect, test } from '@playwright/test'
import {
  addPerson,
  collectErrors,
  makeCommunity,
  MEDIA_LAUNCH_OPTIONS,
  screenshot,
  screenshots,
  signInWithSession,
  t,
} from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)

test('with JavaScript, “Record a video” records the camera into the form, and the recording is sent', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const suffix = `rec-${randomBytes(3).toString('hex')}`
  const slug = `video-recorder-${suffix}`
  const brandId = await makeCommunity(slug, `Video Recorder ${suffix}`)
  const ann = { name: 'Ann Recorder', emailAddress: `ann.${suffix}@video.hearth.test` }
  const ben = { name: 'Ben Watcher', emailAddress: `ben.${suffix}@video.hearth.test` }
  await addPerson(brandId, ann)
  await addPerson(brandId, ben)

  // A browser of its own with Chromium's fake camera and microphone, granted without a prompt.
  const camera = await chromium.launch(MEDIA_LAUNCH_OPTIONS)
  const context = await camera.newContext({ baseURL: testInfo.project.use.baseURL })
  const annPage = await context.newPage()
  const errors = collectErrors(annPage)
  await signInWithSession(annPage, ann.emailAddress)
  await annPage.goto(`/${slug}/messages/new`)
  await annPage.getByLabel(ben.name).check()
  await annPage.getByRole('button', { name: text('messages:recorder.record') }).click()
  await expect(annPage.getByText(text('messages:recorder.recording', { seconds: 90 }))).toBeVisible()
  await annPage.waitForTimeout(2_000)
  await annPage.getByRole('button', { name: text('messages:recorder.stop') }).click()
  await expect(annPage.getByRole('button', { name: text('messages:recorder.again') })).toBeVisible()
  await expect(annPage.locator('video.video-recorder-preview')).toBeVisible()
  // The recording is the form's video now, as if chosen by hand.
  expect(
    await annPage
      .getByLabel(text('messages:form.video'), { exact: true })
      .evaluate((input: HTMLInputElement) => input.files?.[0]?.type),
  ).toBe('video/webm')
  await screenshots(annPage, testInfo, 'video-message-recorded')
  await annPage.getByRole('button', { name: text('messages:form.send') }).click()
  await expect(annPage.getByText(text('messages:flash.sent'))).toBeVisible({ timeout: 20_000 })
  const conversation = annPage.url()
  expect(errors).toEqual([])
  await camera.close()

  await signInWithSession(page, ben.emailAddress)
  await page.goto(conversation)
  await expect(page.locator('video.message-video')).toHaveAttribute('src', new RegExp(`^/${slug}/messages/files/`))

  // A browser without MediaRecorder (Safari, where it may be switched off) gets the spec's warning instead of the button.
  await page.addInitScript(() => delete (window as { MediaRecorder?: unknown }).MediaRecorder)
  await page.reload()
  await expect(page.getByRole('note').filter({ hasText: text('messages:recorder.unavailable') })).toBeVisible()
  await expect(page.getByRole('button', { name: text('messages:recorder.record') })).toHaveCount(0)
  await screenshot(page, testInfo, 'video-message-no-mediarecorder')
})
