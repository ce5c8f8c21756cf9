// The permission matrix for meeting transcripts, written from the product's rules: "Hosts can …
// start or stop … transcription", so a transcript is its room's hosts' (the host and
// co-hosts), and admins "update settings and records" of every room (manage-community-rooms: the
// owner and admins). The pages are the community's, like drafts and media (docs/security.md): they
// open to its active members (access-community) and list only what each may read, and to the host
// of a personal room in it (who has no role in the main community); the file is refused to
// everyone else.
import { beforeAll } from 'vitest'
import { loader as fileLoader } from '#app/routes/$brand._community.transcripts.$meetingRoomId'
import { loader as listLoader } from '#app/routes/$brand._community.transcripts._index'
import { MeetingRoom, MeetingTranscriptLine } from '#models/index'
import { makeRoom } from '../../support/factories'
import { argsAs, describeMatrix, makeMatrixWorld, only, type MatrixWorld } from '../../support/permission-matrix'

let world: MatrixWorld
beforeAll(async () => {
  world = await makeMatrixWorld()
})

// Every community role holds access-community while its membership is active.
const MEMBERS = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const

/** A transcript of a room the `member` persona hosts and the `developer` persona co-hosts. */
async function transcript(w: MatrixWorld) {
  const room = await makeRoom(w.brand, { hostId: w.people.member.id, coHosts: [w.people.developer.id] })
  const meeting = await MeetingRoom.create({ roomId: room.id, startedAt: new Date() })
  await MeetingTranscriptLine.create({
    meetingRoomId: meeting.id,
    peerId: 'p',
    userId: w.people.member.id,
    name: 'Member',
    text: 'Hello',
    spokenAt: new Date(),
  })
  return meeting.id
}

describeMatrix(
  'meeting transcripts',
  [
    {
      name: 'GET /{brand}/transcripts',
      run: async (w, p) => listLoader(await argsAs(w, p, `/${w.brand.slug}/transcripts`, { brand: w.brand.slug })),
      expected: only(MEMBERS),
    },
    {
      name: 'GET /{brand}/transcripts/{meetingRoomId} of a room hosted by the member and co-hosted by the developer',
      run: async (w, p) => {
        const meetingRoomId = await transcript(w)
        // The route answers 404 to those it is not for (nobody learns a transcript exists): a refusal here.
        return fileLoader(
          await argsAs(w, p, `/${w.brand.slug}/transcripts/${meetingRoomId}`, { brand: w.brand.slug, meetingRoomId }),
        ).catch((error: unknown) => {
          throw error instanceof Response && error.status === 404 ? new Response(null, { status: 403 }) : error
        })
      },
      expected: only(['owner', 'admin', 'member', 'developer']),
    },
  ],
  () => world,
)
