// Meeting transcripts: the page lists, and the download serves, the transcripts
// of the rooms a member hosts or co-hosts (room managers: every room's); anyone else gets neither
// the list entry nor the file (404, as for a transcript that does not exist).
import { beforeAll, describe, expect, it } from 'vitest'
import { loader as fileLoader } from '#app/routes/$brand._community.transcripts.$meetingRoomId'
import { loader as listLoader } from '#app/routes/$brand._community.transcripts._index'
import { MeetingRoom, MeetingTranscriptLine, type Brand, type Room, type User } from '#models/index'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { signedInCookie } from '#tests/support/session'

let brand: Brand
let owner: User
let host: User
let coHost: User
let member: User
let room: Room
let meeting: MeetingRoom

async function as(user: User | null, path: string, params: Record<string, string> = {}) {
  const headers = user ? { Cookie: await signedInCookie(user.id) } : undefined
  return routeArgs(`/${brand.slug}/${path}`, { brand: brand.slug, ...params }, { headers })
}

const listed = async (user: User) =>
  (await listLoader(await as(user, 'transcripts'))).transcripts.map((entry) => entry.meetingRoomId)
const download = async (user: User | null, meetingRoomId: string) =>
  fileLoader(await as(user, `transcripts/${meetingRoomId}`, { meetingRoomId }))

beforeAll(async () => {
  ;({ brand, owner } = await makeCommunity())
  ;[host, coHost, member] = [await makeUser(), await makeUser(), await makeUser()]
  for (const user of [host, coHost, member]) await grantRole(user, brand)
  room = await makeRoom(brand, { name: 'Design Review', slug: 'design-review', hostId: host.id, coHosts: [coHost.id] })
  meeting = await MeetingRoom.create({ roomId: room.id, startedAt: new Date('2026-11-20T15:00:00Z') })
  const line = (text: string, name: string, seconds: number) =>
    MeetingTranscriptLine.create({
      meetingRoomId: meeting.id,
      peerId: 'p',
      userId: host.id,
      name,
      text,
      spokenAt: new Date(meeting.startedAt.getTime() + seconds * 1000),
    })
  await line('Shall we start?', 'Host Person', 3)
  await line('Yes, the agenda first.', 'Co Host', 65)
})

describe('transcripts', () => {
  it('are listed for the host and co-hosts of the room and for room managers, not for other members', async () => {
    expect(await listed(host)).toEqual([meeting.id])
    expect(await listed(coHost)).toEqual([meeting.id])
    expect(await listed(owner)).toEqual([meeting.id])
    expect(await listed(member)).toEqual([])
    const [entry] = (await listLoader(await as(host, 'transcripts'))).transcripts
    expect(entry).toMatchObject({ roomName: 'Design Review', lines: 2, startedAt: '2026-11-20T15:00:00.000Z' })
  })

  it('download as text: the room, the start, then each line with its time into the meeting and its speaker', async () => {
    const response = await download(coHost, meeting.id)
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe(
      'attachment; filename="transcript-design-review-2026-11-20.txt"',
    )
    expect(await response.text()).toBe(
      'Design Review\n2026-11-20T15:00:00.000Z\n\n[00:00:03] Host Person: Shall we start?\n[00:01:05] Co Host: Yes, the agenda first.\n',
    )
  })

  it('answer 404 to other members, to unknown meetings and to a meeting without lines; visitors are sent to sign in', async () => {
    expect((await thrownResponse(download(member, meeting.id))).status).toBe(404)
    expect((await thrownResponse(download(host, 'no-such-meeting'))).status).toBe(404)
    const silent = await MeetingRoom.create({ roomId: room.id, startedAt: new Date() })
    expect((await thrownResponse(download(host, silent.id))).status).toBe(404)
    expect(await listed(host)).not.toContain(silent.id)
    const refused = await thrownResponse(download(null, meeting.id))
    expect(refused.status).toBe(302)
    // As the drafts page sends them: to the private page, which asks them to sign in.
    expect(refused).toRedirectTo(/^\/private\?redirectTo=/)
  })

  it('stay inside their community', async () => {
    const { brand: other, owner: otherOwner } = await makeCommunity()
    const args = routeArgs(
      `/${other.slug}/transcripts/${meeting.id}`,
      { brand: other.slug, meetingRoomId: meeting.id },
      { headers: { Cookie: await signedInCookie(otherOwner.id) } },
    )
    expect((await thrownResponse(fileLoader(args))).status).toBe(404)
  })
})
