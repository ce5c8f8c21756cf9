// People whose networks let no media through directly (strict NATs, office firewalls) meet through TURN:
// three browsers allowed only relayed paths (iceTransportPolicy 'relay', what such a network leaves them)
// see each other, every media path through the run's coturn (start-server.mjs), with the credentials the
// edge hands out (media-edge/turn.ts). JavaScript only: the meeting runs in the browser.
import { randomBytes } from 'node:crypto'
import { expect, test, type Browser } from '@playwright/test'
import { relayOnly, remoteFrames, selectedCandidateTypes } from './relay'
import { claimRoom, joinMeeting, MEDIA_LAUNCH_OPTIONS, personInBrowser } from './support'

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS })

const run = randomBytes(3).toString('hex')

async function relayedPerson(browser: Browser, name: string) {
  const person = await personInBrowser(browser, { name, emailAddress: `${name.toLowerCase()}-${run}@relay.example` })
  await person.page.context().addInitScript(relayOnly)
  return person
}

test('three people on networks that allow only relayed media meet through TURN', async ({ browser }) => {
  test.setTimeout(180_000)
  const people = [
    await relayedPerson(browser, 'Rosa'),
    await relayedPerson(browser, 'Tomas'),
    await relayedPerson(browser, 'Ulla'),
  ]
  try {
    const room = await claimRoom(people[0]!.page, `rosa-${run}`)
    for (const person of people) await joinMeeting(person.page, room)

    for (const person of people) {
      // Each sees the other two's cameras play, frames still arriving...
      await expect.poll(async () => (await remoteFrames(person.page)).length, { timeout: 45_000 }).toBe(2)
      const before = await remoteFrames(person.page)
      await expect
        .poll(async () => (await remoteFrames(person.page)).every((frames, i) => frames > before[i]! + 10), {
          timeout: 20_000,
        })
        .toBe(true)
      // ...over a send and a receive transport whose selected paths both go through the TURN server.
      await expect.poll(() => selectedCandidateTypes(person.page), { timeout: 20_000 }).toEqual(['relay', 'relay'])
      expect(person.errors).toEqual([])
    }
  } finally {
    for (const person of people) await person.close()
  }
})
