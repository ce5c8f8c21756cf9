// Message files through the one media store, and video messages (a message's
// videoUrl/videoThumbnailUrl, the media errors): attachments and videos are kept in MEDIA_DIR under
// messages/{brandId}/…, read whole or by byte range by the conversation's participants only (and an
// external recipient through their reply link), a video is checked by its content and size on the
// way in, and a thumbnail is made when ffmpeg is on PATH.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import { beforeAll, describe, expect, it } from 'vitest'

const { env } = await import('#app/lib/platform/env.server')
// The process's store, as the app made it (the test setup loads the configuration first).
const mediaDir = resolve(env.MEDIA_DIR)
const { Conversation, Message, MessageAttachment, OutboxMessage } = await import('#models/index')
const newMessage = await import('#app/routes/$brand._community.messages.new/route')
const conversationRoute = await import('#app/routes/$brand._community.messages.$conversationId/route')
const replyRoute = await import('#app/routes/$brand.messages.reply.$token/route')
const memberFile = await import('#app/routes/$brand.messages.files.$attachmentId')
const externalFile = await import('#app/routes/$brand.messages.reply.$token.files.$attachmentId')
const { dropMessageFiles, keepMessageFiles } = await import('#app/lib/messages/message-files.server')
const { mediaStorage } = await import('#app/lib/media/storage.server')
const { VIDEO_MESSAGE_MAX_BYTES } = await import('#app/lib/messages/message-rules')
const { grantRole, makeCommunity, makeUser } = await import('#tests/support/factories')
const { routeArgs, thrownResponse } = await import('#tests/support/route-args')
const { initOf, signedInCookie, unwrap } = await import('#tests/support/session')
type Brand = import('#models/index').Brand
type User = import('#models/index').User

const WEBM = new Uint8Array(readFileSync(new URL('../../../../fixtures/tiny.webm', import.meta.url)))
const MP4 = new Uint8Array(readFileSync(new URL('../../../../fixtures/tiny.mp4', import.meta.url)))
const PDF = new TextEncoder().encode('%PDF-1.7\n%hearth message file\n')
const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

let brand: Brand
let sender: User
let reader: User
let outsider: User

beforeAll(async () => {
  env.SMTP_URL = undefined
  ;({ brand, owner: sender } = await makeCommunity())
  await sender.update({ name: 'Vera Video' })
  reader = await makeUser({ name: 'Rob Reader' })
  outsider = await makeUser({ name: 'Otto Outside' })
  await grantRole(reader, brand)
  await grantRole(outsider, brand)
})

type Fields = Record<string, string | string[] | File[] | File>
function multipart(fields: Fields) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields))
    for (const item of ([] as Array<string | File>).concat(value)) form.append(name, item)
  return form
}

async function as(
  user: User | null,
  path: string,
  params: Record<string, string> = {},
  init: { fields?: Fields; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {
    ...(user ? { Cookie: await signedInCookie(user.id) } : {}),
    ...init.headers,
  }
  return routeArgs(
    `/${brand.slug}/${path}`,
    { brand: brand.slug, ...params },
    init.fields ? { method: 'POST', body: multipart(init.fields), headers } : { headers },
  )
}

async function send(fields: Fields) {
  try {
    const result = await newMessage.action(await as(sender, 'messages/new', {}, { fields }))
    const reply = unwrap(result) as {
      result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
    }
    return {
      status: initOf(result).status,
      errors: reply.result.error ?? {},
      values: reply.result.initialValue ?? {},
      location: null as string | null,
    }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return { status: thrown.status, errors: {}, values: {}, location: thrown.headers.get('Location') }
  }
}

const conversationIdOf = (location: string | null) => location!.split('/').pop()!
const storedMessageFiles = () => {
  const root = join(mediaDir, 'messages', brand.id)
  return existsSync(root) ? readdirSync(root).filter((name) => !name.endsWith('.part')) : []
}
const counts = async () => ({
  conversations: await Conversation.count(),
  messages: await Message.count(),
  attachments: await MessageAttachment.count(),
  files: storedMessageFiles().length,
})
const file = (bytes: Uint8Array, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type })

async function lastMessageOf(user: User, conversationId: string) {
  const page = await conversationRoute.loader(await as(user, `messages/${conversationId}`, { conversationId }))
  return page.view.messages.at(-1)!
}

describe('message files in the media store', () => {
  it('keeps an attachment under messages/{brandId}/, serves it whole and by byte range to participants only', async () => {
    const sent = await send({
      recipientIds: [reader.id],
      body: 'The notes',
      files: [file(PDF, 'notes.pdf', 'application/pdf')],
    })
    expect(sent.status).toBe(302)
    const id = conversationIdOf(sent.location)
    const [attachment] = (await lastMessageOf(reader, id)).files
    const row = await MessageAttachment.findByPk(attachment!.id, { rejectOnEmpty: true })
    expect(row.storageKey).toMatch(new RegExp(`^messages/${brand.id}/[A-Za-z0-9_-]{36}$`))
    expect(row.role).toBe('file')
    expect(existsSync(join(mediaDir, ...row.storageKey.split('/')))).toBe(true)

    const whole = await memberFile.loader(await as(reader, `messages/files/${row.id}`, { attachmentId: row.id }))
    expect(whole.status).toBe(200)
    expect(whole.headers.get('Content-Type')).toBe('application/pdf')
    expect(whole.headers.get('Content-Disposition')).toMatch(/^attachment; filename\*=UTF-8''notes\.pdf$/)
    expect(whole.headers.get('Cache-Control')).toBe('private, no-store')
    expect(whole.headers.get('Accept-Ranges')).toBe('bytes')
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(PDF)

    const part = await memberFile.loader(
      await as(reader, `messages/files/${row.id}`, { attachmentId: row.id }, { headers: { Range: 'bytes=1-4' } }),
    )
    expect(part.status).toBe(206)
    expect(part.headers.get('Content-Range')).toBe(`bytes 1-4/${PDF.length}`)
    expect(new TextDecoder().decode(await part.arrayBuffer())).toBe('PDF-')
    const past = await thrownResponse(
      memberFile.loader(
        await as(
          reader,
          `messages/files/${row.id}`,
          { attachmentId: row.id },
          { headers: { Range: `bytes=${PDF.length}-` } },
        ),
      ),
    )
    expect(past.status).toBe(416)

    // A member of the community outside the conversation, and a visitor, get nothing.
    expect(
      (
        await thrownResponse(
          memberFile.loader(await as(outsider, `messages/files/${row.id}`, { attachmentId: row.id })),
        )
      ).status,
    ).toBe(404)
    const visitor = await thrownResponse(
      memberFile.loader(await as(null, `messages/files/${row.id}`, { attachmentId: row.id })),
    )
    expect([302, 404]).toContain(visitor.status)
  })

  it('keeps all of a message’s files or none, and removes them again', async () => {
    const kept = await keepMessageFiles(brand.id, {
      files: [{ bytes: PDF, contentType: 'application/pdf', fileName: 'a.pdf' }],
      video: null,
    })
    expect(kept).toHaveLength(1)
    const stored = await mediaStorage.get(kept[0]!.key)
    expect(stored?.size).toBe(PDF.length)
    stored?.body.destroy()
    await dropMessageFiles(kept)
    expect(await mediaStorage.get(kept[0]!.key)).toBeNull()

    // A store that fails on the second file: the first is removed too.
    let puts = 0
    const failing = {
      ...mediaStorage,
      put: async (key: string, body: Readable) => {
        puts += 1
        if (puts === 2) throw new Error('disk full')
        return mediaStorage.put(key, body)
      },
    }
    const before = storedMessageFiles().length
    const two = [1, 2].map((n) => ({ bytes: PDF, contentType: 'application/pdf', fileName: `${n}.pdf` }))
    await expect(keepMessageFiles(brand.id, { files: two, video: null }, failing)).rejects.toThrow('disk full')
    expect(storedMessageFiles().length).toBe(before)
  })
})

describe('video messages', () => {
  it('sends a WebM video alone (no text), shown with its player source and, with ffmpeg, a thumbnail', async () => {
    const sent = await send({ recipientIds: [reader.id], video: file(WEBM, 'hello.webm', 'video/webm') })
    expect(sent.status).toBe(302)
    const id = conversationIdOf(sent.location)
    const message = await lastMessageOf(reader, id)
    expect(message.body).toBe('')
    expect(message.files).toEqual([])
    expect(message.video).not.toBeNull()

    const video = await memberFile.loader(
      await as(reader, `messages/files/${message.video!.id}`, { attachmentId: message.video!.id }),
    )
    expect(video.headers.get('Content-Type')).toBe('video/webm')
    expect(video.headers.get('Content-Disposition')).toMatch(/^inline;/)
    expect(new Uint8Array(await video.arrayBuffer())).toEqual(WEBM)
    const seek = await memberFile.loader(
      await as(
        reader,
        `messages/files/${message.video!.id}`,
        { attachmentId: message.video!.id },
        { headers: { Range: 'bytes=0-3' } },
      ),
    )
    expect(seek.status).toBe(206)
    expect([...new Uint8Array(await seek.arrayBuffer())]).toEqual([0x1a, 0x45, 0xdf, 0xa3])

    if (hasFfmpeg) {
      expect(message.video!.thumbnailId).not.toBeNull()
      const poster = await memberFile.loader(
        await as(reader, `messages/files/${message.video!.thumbnailId}`, { attachmentId: message.video!.thumbnailId! }),
      )
      expect(poster.headers.get('Content-Type')).toBe('image/jpeg')
      expect([...new Uint8Array(await poster.arrayBuffer()).slice(0, 3)]).toEqual([0xff, 0xd8, 0xff])
    } else {
      expect(message.video!.thumbnailId).toBeNull()
    }
    // The video is the conversation's: others in the community get the same 404 as for nothing.
    expect(
      (
        await thrownResponse(
          memberFile.loader(
            await as(outsider, `messages/files/${message.video!.id}`, { attachmentId: message.video!.id }),
          ),
        )
      ).status,
    ).toBe(404)
  })

  it('reaches an external recipient on their reply page, who answers with an MP4 video', async () => {
    const sent = await send({
      externalName: 'Eli External',
      externalEmail: 'eli@example.test',
      body: 'Watch this',
      video: file(WEBM, 'clip.webm', 'video/webm'),
    })
    expect(sent.status).toBe(302)
    const mail = await OutboxMessage.findOne({
      where: { recipient: 'eli@example.test' },
      order: [['createdAt', 'DESC']],
      rejectOnEmpty: true,
    })
    const token = String((mail.meta as { link: string }).link)
      .split('/')
      .pop()!
    const page = unwrap(await replyRoute.loader(await as(null, `messages/reply/${token}`, { token })))
    const video = page.view!.messages.at(-1)!.video!
    const played = await externalFile.loader(
      await as(null, `messages/reply/${token}/files/${video.id}`, { token, attachmentId: video.id }),
    )
    expect(played.headers.get('Content-Type')).toBe('video/webm')
    // Another link, or none, opens nothing.
    expect(
      (
        await thrownResponse(
          externalFile.loader(
            await as(null, `messages/reply/x/files/${video.id}`, { token: 'x'.repeat(36), attachmentId: video.id }),
          ),
        )
      ).status,
    ).toBe(404)

    const answered = await thrownResponse(
      replyRoute.action(
        await as(
          null,
          `messages/reply/${token}`,
          { token },
          { fields: { body: '', video: file(MP4, 'answer.mov', 'video/quicktime') } },
        ),
      ),
    )
    expect(answered.status).toBe(302)
    const answer = await lastMessageOf(sender, conversationIdOf(sent.location))
    const row = await MessageAttachment.findByPk(answer.video!.id, { rejectOnEmpty: true })
    // Typed by content, not by the name or the browser's word.
    expect(row.contentType).toBe('video/mp4')
  })

  const refused: Array<[string, () => File, string]> = [
    [
      'a file that is no video, whatever its name',
      () => file(PDF, 'movie.webm', 'video/webm'),
      'messages:errors.videoType',
    ],
    [
      'a video type we do not take (AVI)',
      () => file(new TextEncoder().encode('RIFF\0\0\0\0AVI LIST'), 'old.avi', 'video/x-msvideo'),
      'messages:errors.videoType',
    ],
    [
      'a video one byte over the size limit',
      () => {
        const bytes = new Uint8Array(VIDEO_MESSAGE_MAX_BYTES + 1)
        bytes.set(WEBM.subarray(0, 1024))
        return file(bytes, 'long.webm', 'video/webm')
      },
      'messages:errors.videoTooLarge',
    ],
  ]
  for (const [what, video, message] of refused) {
    it(`refuses ${what}: 400, the form's values kept, nothing saved`, async () => {
      const before = await counts()
      const result = await send({ recipientIds: [reader.id], body: 'With a video', video: video() })
      expect(result.status).toBe(400)
      expect(result.errors.video).toEqual([message])
      expect(result.values.body).toBe('With a video')
      expect(result.values.recipientIds).toEqual(reader.id)
      expect(await counts()).toEqual(before)
    })
  }

  it('refuses a refused video with no text without also asking for a text; an empty message is still refused', async () => {
    const before = await counts()
    const noText = await send({ recipientIds: [reader.id], video: file(PDF, 'x.webm', 'video/webm') })
    expect(noText.status).toBe(400)
    expect(noText.errors).toEqual({ video: ['messages:errors.videoType'] })
    // A `video` text field is not a video: only the server says one arrived.
    const forged = await send({ recipientIds: [reader.id], video: 'received' })
    expect(forged.status).toBe(400)
    expect(forged.errors.body).toEqual(['messages:errors.bodyRequired'])
    expect(await counts()).toEqual(before)
  })

  it('takes a text, files and a video together', async () => {
    const sent = await send({
      recipientIds: [reader.id],
      body: 'All of it',
      files: [file(PDF, 'a.pdf', 'application/pdf')],
      video: file(MP4, 'b.mp4', 'video/mp4'),
    })
    expect(sent.status).toBe(302)
    const message = await lastMessageOf(reader, conversationIdOf(sent.location))
    expect(message.body).toBe('All of it')
    expect(message.files.map((attached) => attached.name)).toEqual(['a.pdf'])
    expect(message.video).not.toBeNull()
  })
})
