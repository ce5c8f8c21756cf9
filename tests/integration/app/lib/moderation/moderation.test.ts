// Post toxicity moderation (the toxicity threshold, 0-100, default 70, enforced by a moderation
// provider; held posts wait in a review queue that moderators clear). The hosted
// classifier adapter against a local server speaking Perspective's comments:analyze protocol (and
// its failures falling back to the lexicon); holding at the threshold's boundary with the score
// controlled through a provider passed in; every read path hiding held posts from all but their
// author; the install switch; drafts and scheduled posts; the review queue's decisions and bad input.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Post, type Brand, type Room, type User } from '#models/index'
import { saveProductConfig, readProductConfig } from '#models/product-config'
import { lexiconScorer } from '#app/lib/moderation/lexicon-scorer'
import { screenPost, withFallback } from '#app/lib/moderation/moderation.server'
import { perspectiveProvider } from '#app/lib/moderation/perspective.server'
import type { ModerationProvider } from '#app/lib/moderation/provider'
import { heldCount } from '#app/lib/moderation/review-queue.server'
import { logger } from '#app/lib/platform/logger.server'
import { parseEnv } from '#app/lib/platform/env.server'
import { publishDraftNow, saveDraft } from '#app/lib/posts/drafts.server'
import { publishIfDue } from '#app/lib/posts/post-scheduler.server'
import { childrenOf, createChild, createPost, hubFeed, roomFeed, setPromoted } from '#app/lib/posts/posts.server'
import { action as homeAction, loader as homeLoader } from '#app/routes/$brand._community._index'
import { loader as adminHomeLoader } from '#app/routes/$brand._community.admin._index'
import { action as queueAction, loader as queueLoader } from '#app/routes/$brand._community.admin.moderation/route'
import { action as postAction, loader as postLoader } from '#app/routes/$brand._community.posts.$postId/route'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

/** A provider that answers what the test says: the score is the test's to choose. */
const fixed = (score: number): ModerationProvider => ({
  score: async () => ({ score, provider: 'lexicon', matches: [] }),
})
const on = { enabled: async () => true }

let brand: Brand
let hub: Room
let owner: User
let author: User
let reader: User
let moderator: User
let authorCookie: string
let readerCookie: string
let moderatorCookie: string

beforeAll(async () => {
  ;({ brand, owner, hub } = await makeCommunity())
  author = await makeUser({ name: 'Ada Author' })
  reader = await makeUser({ name: 'Rui Reader' })
  moderator = await makeUser({ name: 'Mo Moderator' })
  await grantRole(author, brand)
  await grantRole(reader, brand)
  await grantRole(moderator, brand, 'community-moderator')
  authorCookie = await signedInCookie(author.id)
  readerCookie = await signedInCookie(reader.id)
  moderatorCookie = await signedInCookie(moderator.id)
})

// ——— the hosted classifier ———

type Seen = { method: string; url: string; body: Record<string, unknown> }

/** A local stand-in for Perspective's comments:analyze: records each request, answers as `reply` says. */
async function perspectiveServer(
  reply: (seen: Seen, response: ServerResponse) => void,
): Promise<{ url: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = []
  const server: Server = createServer((request: IncomingMessage, response) => {
    let raw = ''
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        body: JSON.parse(raw || '{}') as Record<string, unknown>,
      }
      seen.push(entry)
      reply(entry, response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1alpha1/comments:analyze`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const answer = (value: unknown) => (_: Seen, response: ServerResponse) => {
  response.writeHead(200, { 'Content-Type': 'application/json' })
  response.end(
    JSON.stringify({
      attributeScores: { TOXICITY: { spanScores: [], summaryScore: { value, type: 'PROBABILITY' } } },
      languages: ['en'],
    }),
  )
}

describe('the Perspective adapter', () => {
  const servers: Array<{ close: () => Promise<void> }> = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
  })
  afterEach(() => vi.restoreAllMocks())

  it('sends comments:analyze with the key, the text, the language and TOXICITY, and reads the summary score as 0–100', async () => {
    const server = await perspectiveServer(answer(0.873))
    servers.push(server)
    const provider = perspectiveProvider({ url: server.url, apiKey: 'test-key', timeoutMs: 2000 })
    const result = await provider.score('you are a nice person', 'es')
    expect(result).toEqual({
      score: 87,
      provider: 'perspective',
      matches: [{ term: 'TOXICITY', category: 'toxicity', weight: 87 }],
    })
    const [request] = server.seen
    expect(request!.method).toBe('POST')
    expect(new URL(request!.url, 'http://x').pathname).toBe('/v1alpha1/comments:analyze')
    expect(new URL(request!.url, 'http://x').searchParams.get('key')).toBe('test-key')
    expect(request!.body).toEqual({
      comment: { text: 'you are a nice person' },
      languages: ['es'],
      requestedAttributes: { TOXICITY: {} },
      doNotStore: true,
    })
    // No language known: Perspective detects it.
    await provider.score('hello', null)
    expect(server.seen[1]!.body).not.toHaveProperty('languages')
  })

  it('asks nothing for empty text', async () => {
    const server = await perspectiveServer(answer(0.9))
    servers.push(server)
    expect((await perspectiveProvider({ url: server.url, apiKey: 'k', timeoutMs: 2000 }).score('  ', 'en')).score).toBe(
      0,
    )
    expect(server.seen).toHaveLength(0)
  })

  it.each([
    ['an error status', (_: Seen, response: ServerResponse) => response.writeHead(503).end('{}')],
    [
      'an answer without a TOXICITY score',
      (_: Seen, response: ServerResponse) =>
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"attributeScores":{}}'),
    ],
    ['a score outside 0..1', answer(7)],
    ['an answer that is not JSON', (_: Seen, response: ServerResponse) => response.writeHead(200).end('<html>')],
    [
      'no answer within the timeout',
      (_: Seen, response: ServerResponse) => void setTimeout(() => answer(0.1)(_, response), 1500),
    ],
  ])('on %s falls back to the lexicon, logging it, and loses nothing', async (_, reply) => {
    const server = await perspectiveServer(reply)
    servers.push(server)
    const warn = vi.spyOn(logger, 'warn')
    const provider = withFallback(
      perspectiveProvider({ url: server.url, apiKey: 'secret-key', timeoutMs: 300 }),
      lexiconScorer(),
      'perspective',
    )
    const result = await provider.score('you idiot', 'en')
    expect(result.provider).toBe('lexicon')
    expect(result.score).toBe(35)
    expect(warn).toHaveBeenCalledOnce()
    // The key travels in the address: it must not reach the log.
    expect(JSON.stringify(warn.mock.calls)).not.toContain('secret-key')
  })

  it('falls back when the classifier cannot be reached at all', async () => {
    const server = await perspectiveServer(answer(0.5))
    await server.close()
    const result = await withFallback(
      perspectiveProvider({ url: server.url, apiKey: 'k', timeoutMs: 500 }),
      lexiconScorer(),
      'perspective',
    ).score('kill yourself', 'en')
    expect(result).toMatchObject({ provider: 'lexicon', score: 95 })
  })

  it('holds a post the classifier scores over the threshold, and publishes one when it is down', async () => {
    const server = await perspectiveServer(answer(0.91))
    servers.push(server)
    const hosted = withFallback(
      perspectiveProvider({ url: server.url, apiKey: 'k', timeoutMs: 2000 }),
      lexiconScorer(),
      'perspective',
    )
    const held = await createPost(
      brand,
      author.id,
      { contextRoomId: hub.id, message: 'Something rude' },
      { ...on, provider: hosted },
    )
    expect([held.status, held.moderationScore]).toEqual(['held', 91])
    await server.close()
    const kept = await createPost(
      brand,
      author.id,
      { contextRoomId: hub.id, message: 'A kind word' },
      { ...on, provider: hosted },
    )
    expect([kept.status, kept.moderationScore]).toEqual(['published', 0])
  })

  it('is chosen by env, and Google’s classifier without a key stops start-up', () => {
    const base = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(40), EDGE_SECRET: 'y'.repeat(40) }
    expect(parseEnv(base).MODERATION_PROVIDER).toBe('lexicon')
    expect(() => parseEnv({ ...base, MODERATION_PROVIDER: 'perspective' })).toThrow(/MODERATION_API_KEY/)
    const hosted = parseEnv({
      ...base,
      MODERATION_PROVIDER: 'perspective',
      MODERATION_API_KEY: 'k',
      MODERATION_TIMEOUT_MS: '1500',
    })
    expect([hosted.MODERATION_PROVIDER, hosted.MODERATION_TIMEOUT_MS]).toEqual(['perspective', 1500])
    expect(() => parseEnv({ ...base, MODERATION_PROVIDER: 'other' })).toThrow(/MODERATION_PROVIDER/)
  })
})

// ——— holding ———

describe('holding at the threshold', () => {
  it.each([
    [69, 'published'],
    [70, 'held'],
    [71, 'held'],
  ])('a post scoring %i against the threshold 70 is %s', async (score, status) => {
    const post = await createPost(
      brand,
      author.id,
      { contextRoomId: hub.id, message: `score ${score}` },
      { ...on, provider: fixed(score) },
    )
    expect([post.status, post.moderationScore]).toEqual([status, score])
  })

  it('uses the community’s own threshold, at its edges too', async () => {
    const {
      brand: strict,
      hub: strictHub,
      owner: strictOwner,
    } = await makeCommunity({
      brand: { contentModeration: { postToxicityThreshold: 0, imageCategories: [], videoCategories: [] } },
    })
    expect(
      (
        await createPost(
          strict,
          strictOwner.id,
          { contextRoomId: strictHub.id, message: 'hi' },
          { ...on, provider: fixed(0) },
        )
      ).status,
    ).toBe('held')
    await strict.update({ contentModeration: { postToxicityThreshold: 100, imageCategories: [], videoCategories: [] } })
    expect(
      (
        await createPost(
          strict,
          strictOwner.id,
          { contextRoomId: strictHub.id, message: 'hi' },
          { ...on, provider: fixed(99) },
        )
      ).status,
    ).toBe('published')
    expect(
      (
        await createPost(
          strict,
          strictOwner.id,
          { contextRoomId: strictHub.id, message: 'hi' },
          { ...on, provider: fixed(100) },
        )
      ).status,
    ).toBe('held')
  })

  it('holds comments and replies the same way', async () => {
    const parent = await createPost(brand, owner.id, { contextRoomId: hub.id, message: 'parent' }, on)
    const kept = await createChild(
      brand,
      author.id,
      { contextRoomId: hub.id, parentPostId: parent.id, message: 'fine' },
      { ...on, provider: fixed(69) },
    )
    const comment = await createChild(
      brand,
      author.id,
      { contextRoomId: hub.id, parentPostId: parent.id, message: 'rude' },
      { ...on, provider: fixed(70) },
    )
    const reply = await createChild(
      brand,
      author.id,
      { contextRoomId: hub.id, parentPostId: kept.id, message: 'rude reply' },
      { ...on, provider: fixed(71) },
    )
    expect([kept.status, comment.status, reply.status]).toEqual(['published', 'held', 'held'])
  })

  it('scores nothing while the install’s switch is off (the default)', async () => {
    expect((await readProductConfig()).contentModeration.enabled).toBe(false)
    const post = await createPost(
      brand,
      author.id,
      { contextRoomId: hub.id, message: 'score 100' },
      { provider: fixed(100) },
    )
    expect([post.status, post.moderationScore]).toEqual(['published', null])
    expect(await screenPost(brand, '<p>x</p>', { enabled: async () => false, provider: fixed(100) })).toEqual({
      status: 'published',
      score: null,
    })
  })

  it('screens a draft published now and a scheduled post when it comes due', async () => {
    const draft = await saveDraft(brand, author.id, { contextRoomId: hub.id, message: 'draft text' })
    expect(await publishDraftNow(draft, new Date(), { ...on, provider: fixed(80) })).toBe('held')
    expect((await draft.reload()).status).toBe('held')
    const calm = await saveDraft(brand, author.id, { contextRoomId: hub.id, message: 'calm draft' })
    expect(await publishDraftNow(calm, new Date(), { ...on, provider: fixed(10) })).toBe('published')

    const at = new Date(Date.now() - 1000)
    const scheduled = await Post.create({
      brandId: brand.id,
      contextRoomId: hub.id,
      authorId: author.id,
      message: 'later',
      status: 'scheduled',
      draftPostTime: at,
    })
    expect(await publishIfDue(scheduled.id, new Date(), { ...on, provider: fixed(70) })).toBe(true)
    expect((await scheduled.reload()).status).toBe('held')
    // Once held, the scheduler finds nothing more to do with it.
    expect(await publishIfDue(scheduled.id, new Date(), { ...on, provider: fixed(0) })).toBe(false)
  })
})

// ——— what everyone reads ———

describe('held posts on every read path', () => {
  let room: Room
  let published: Post
  let held: Post
  let heldComment: Post
  let heldReply: Post
  let rejected: Post
  let heldInRoom: Post
  const hidden = { hiddenAuthorIds: [] as string[] }

  beforeAll(async () => {
    room = await makeRoom(brand)
    published = await createPost(brand, owner.id, { contextRoomId: hub.id, message: 'published parent' })
    held = await createPost(
      brand,
      author.id,
      { contextRoomId: hub.id, message: 'held post' },
      { ...on, provider: fixed(90) },
    )
    const comment = await createChild(brand, owner.id, {
      contextRoomId: hub.id,
      parentPostId: published.id,
      message: 'published comment',
    })
    heldComment = await createChild(
      brand,
      author.id,
      { contextRoomId: hub.id, parentPostId: published.id, message: 'held comment' },
      { ...on, provider: fixed(90) },
    )
    heldReply = await createChild(
      brand,
      author.id,
      { contextRoomId: hub.id, parentPostId: comment.id, message: 'held reply' },
      { ...on, provider: fixed(90) },
    )
    rejected = await Post.create({
      brandId: brand.id,
      contextRoomId: hub.id,
      authorId: author.id,
      message: 'rejected post',
      status: 'rejected',
      moderationScore: 95,
    })
    heldInRoom = await createPost(
      brand,
      author.id,
      { contextRoomId: room.id, message: 'held in a group' },
      { ...on, provider: fixed(90) },
    )
  })

  const hubIds = async (viewerId: string | null) =>
    (await hubFeed(brand, { viewerId, hasCommunityAccess: viewerId !== null, ...hidden })).posts.map((post) => post.id)

  it('the community home’s feed: not for others nor guests; its author sees it marked', async () => {
    for (const viewer of [reader.id, moderator.id, owner.id, null]) {
      const ids = await hubIds(viewer)
      expect(ids).toContain(published.id)
      expect(ids).not.toContain(held.id)
      expect(ids).not.toContain(rejected.id)
    }
    const mine = (await hubFeed(brand, { viewerId: author.id, hasCommunityAccess: true, ...hidden })).posts
    expect(mine.find((post) => post.id === held.id)?.moderation).toBe('held')
    expect(mine.find((post) => post.id === rejected.id)?.moderation).toBe('rejected')
    expect(mine.find((post) => post.id === published.id)?.moderation).toBe(null)
  })

  it('the home page as rendered: the author’s held post has no buttons and no link; a reader sees none of it', async () => {
    const asAuthor = unwrap(
      await homeLoader(routeArgs(`/${brand.slug}`, { brand: brand.slug }, { headers: { Cookie: authorCookie } })),
    ).feed!.view.posts
    const shown = asAuthor.find((post) => post.id === held.id)!
    expect(shown.can).toEqual({ comment: false, react: false, pin: false, promote: false, remove: false })
    const asReader = JSON.stringify(
      unwrap(
        await homeLoader(routeArgs(`/${brand.slug}`, { brand: brand.slug }, { headers: { Cookie: readerCookie } })),
      ),
    )
    for (const text of ['held post', 'held comment', 'rejected post']) expect(asReader).not.toContain(text)
  })

  it('a group’s feed', async () => {
    const ids = async (viewerId: string | null) =>
      (await roomFeed(room.id, { viewerId, ...hidden })).posts.map((post) => post.id)
    expect(await ids(reader.id)).not.toContain(heldInRoom.id)
    expect(await ids(null)).not.toContain(heldInRoom.id)
    expect(await ids(author.id)).toContain(heldInRoom.id)
  })

  it('comments, replies and their counts', async () => {
    const forReader = await childrenOf(published.id, { viewerId: reader.id, ...hidden })
    expect(forReader.items.map((item) => item.id)).not.toContain(heldComment.id)
    const commentId = forReader.items[0]!.id
    expect(forReader.items[0]!.childCount).toBe(0)
    expect(
      (await childrenOf(commentId, { viewerId: reader.id, ...hidden })).items.map((item) => item.id),
    ).not.toContain(heldReply.id)
    const feedPost = (await hubFeed(brand, { viewerId: reader.id, hasCommunityAccess: true, ...hidden })).posts.find(
      (post) => post.id === published.id,
    )!
    expect(feedPost.childCount).toBe(1)
    expect(feedPost.comments.items.map((item) => item.id)).toEqual([commentId])

    const forAuthor = await childrenOf(published.id, { viewerId: author.id, ...hidden })
    expect(forAuthor.items.find((item) => item.id === heldComment.id)?.moderation).toBe('held')
    expect((await childrenOf(commentId, { viewerId: author.id, ...hidden })).items.map((item) => item.id)).toContain(
      heldReply.id,
    )
  })

  it('the single post view: a held or rejected post is not found, for its author and moderators too', async () => {
    for (const [post, cookie] of [
      [held, readerCookie],
      [held, authorCookie],
      [held, moderatorCookie],
      [rejected, authorCookie],
      [heldComment, authorCookie],
    ] as const) {
      const response = await thrownResponse(
        postLoader(
          routeArgs(
            `/${brand.slug}/posts/${post.id}`,
            { brand: brand.slug, postId: post.id },
            { headers: { Cookie: cookie } },
          ),
        ),
      )
      expect(response).toRedirectTo(`/${brand.slug}/post-not-found`)
    }
    // The published parent's page shows no held comment to a reader.
    const page = JSON.stringify(
      unwrap(
        await postLoader(
          routeArgs(
            `/${brand.slug}/posts/${published.id}`,
            { brand: brand.slug, postId: published.id },
            { headers: { Cookie: readerCookie } },
          ),
        ),
      ),
    )
    expect(page).not.toContain('held comment')
  })

  it('no answer, reaction, pin or promotion reaches a held post', async () => {
    await expect(
      createChild(brand, reader.id, { contextRoomId: hub.id, parentPostId: held.id, message: 'answer' }),
    ).rejects.toThrow('posts:errors.missingParentPost')
    const attempts: Array<Record<string, string>> = [
      { intent: 'pin', pinned: 'true' },
      { intent: 'promote', promoted: 'true' },
      { intent: 'react', reaction: 'like' },
      { intent: 'comment', message: 'x' },
    ]
    for (const fields of attempts) {
      const response = await thrownResponse(
        postAction(
          routeArgs(
            `/${brand.slug}/posts/${held.id}`,
            { brand: brand.slug, postId: held.id },
            { method: 'POST', body: new URLSearchParams(fields), headers: { Cookie: moderatorCookie } },
          ),
        ),
      )
      expect(response).toRedirectTo(`/${brand.slug}/post-not-found`)
    }
    expect((await held.reload()).pinned).toBe(false)
  })

  it('a promoted post held afterwards leaves the hub feed (promotion reads published posts only)', async () => {
    const promoted = await createPost(brand, author.id, { contextRoomId: room.id, message: 'promoted then held' })
    await setPromoted(promoted, true, owner.id)
    expect(await hubIds(reader.id)).toContain(promoted.id)
    await promoted.update({ status: 'held' })
    expect(await hubIds(reader.id)).not.toContain(promoted.id)
  })
})

// ——— through the forms, with the install's switch on ———

describe('posting through the forms with moderation on', () => {
  beforeAll(async () => {
    const config = await readProductConfig()
    await saveProductConfig({ ...config.get(), contentModeration: { ...config.contentModeration, enabled: true } })
  })
  afterAll(async () => {
    const config = await readProductConfig()
    await saveProductConfig({ ...config.get(), contentModeration: { ...config.contentModeration, enabled: false } })
  })

  const form = (path: string, params: Record<string, string>, fields: Record<string, string>, cookie: string) =>
    routeArgs(
      path,
      { brand: brand.slug, ...params },
      { method: 'POST', body: new URLSearchParams(fields), headers: { Cookie: cookie } },
    )

  it('a toxic post is saved held, its author told it waits for review; a kind one is published', async () => {
    const response = await thrownResponse(
      homeAction(
        form(
          `/${brand.slug}`,
          {},
          { intent: 'post', contextRoomId: hub.id, message: 'You stupid fucking idiot' },
          authorCookie,
        ),
      ),
    )
    await expect(response).toHaveFlash({ message: 'moderation:flash.held' })
    const post = await Post.findOne({ where: { authorId: author.id, message: 'You stupid fucking idiot' } })
    expect([post!.status, post!.moderationScore]).toEqual(['held', 81])
    const kind = await thrownResponse(
      homeAction(
        form(
          `/${brand.slug}`,
          {},
          { intent: 'post', contextRoomId: hub.id, message: 'What a lovely meeting' },
          authorCookie,
        ),
      ),
    )
    await expect(kind).toHaveFlash({ message: 'posts:flash.posted' })
  })

  it('a toxic comment too', async () => {
    const parent = await createPost(brand, owner.id, { contextRoomId: hub.id, message: 'parent for a comment' })
    const response = await thrownResponse(
      postAction(
        form(
          `/${brand.slug}/posts/${parent.id}`,
          { postId: parent.id },
          { intent: 'comment', message: 'I will kill you' },
          authorCookie,
        ),
      ),
    )
    await expect(response).toHaveFlash({ message: 'moderation:flash.held' })
    expect((await Post.findOne({ where: { parentPostId: parent.id } }))!.status).toBe('held')
  })
})

// ——— the review queue ———

describe('the review queue', () => {
  const queuePath = () => `/${brand.slug}/admin/moderation`
  const decide = (fields: Record<string, string | string[]>, cookie = moderatorCookie) => {
    const body = new URLSearchParams()
    for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item)
    return queueAction(
      routeArgs(queuePath(), { brand: brand.slug }, { method: 'POST', body, headers: { Cookie: cookie } }),
    )
  }
  const heldOne = (message: string, fields: Partial<{ brandId: string; contextRoomId: string }> = {}) =>
    Post.create({
      brandId: brand.id,
      contextRoomId: hub.id,
      authorId: author.id,
      message,
      status: 'held',
      moderationScore: 88,
      ...fields,
    })
  async function refusal(work: Promise<unknown>) {
    const result = await work
    return { status: initOf(result).status, body: unwrap(result) as unknown as { errors: string[]; ids: string[] } }
  }

  it('lists held posts with their score, author, room and (sanitised) text, oldest first', async () => {
    await Post.destroy({ where: { brandId: brand.id, status: 'held' } })
    const first = await heldOne('<p>first <b>held</b></p>')
    const second = await heldOne('<p>second held</p>')
    const data = unwrap(
      await queueLoader(routeArgs(queuePath(), { brand: brand.slug }, { headers: { Cookie: moderatorCookie } })),
    )
    expect(data.posts.map((post) => post.id)).toEqual([first.id, second.id])
    expect(data.posts[0]).toMatchObject({
      score: 88,
      author: { id: author.id, name: 'Ada Author' },
      room: { id: hub.id },
      html: '<p>first <b>held</b></p>',
      kind: 'post',
    })
    expect(data.threshold).toBe(70)
    expect(data.paging.total).toBe(2)
    // The admin home counts them.
    expect(
      unwrap(
        await adminHomeLoader(
          routeArgs(
            `/${brand.slug}/admin`,
            { brand: brand.slug },
            { headers: { Cookie: await signedInCookie(owner.id) } },
          ),
        ),
      ).held,
    ).toBe(2)
  })

  it('approve publishes one post: it enters the feed, with who approved it and when', async () => {
    const post = await heldOne('approve me')
    const response = await thrownResponse(decide({ decision: 'approve', ids: post.id }))
    expect(response).toRedirectTo(queuePath())
    await expect(response).toHaveFlash({ message: 'moderation:flash.approved', values: { count: 1 } })
    await post.reload()
    expect([post.status, post.reviewedBy]).toEqual(['published', moderator.id])
    expect(post.reviewedAt).toBeInstanceOf(Date)
    expect(
      (await hubFeed(brand, { viewerId: reader.id, hasCommunityAccess: true, hiddenAuthorIds: [] })).posts.map(
        (item) => item.id,
      ),
    ).toContain(post.id)
  })

  it('reject keeps it hidden; its author sees it as not published', async () => {
    const post = await heldOne('reject me')
    const response = await thrownResponse(decide({ decision: 'reject', ids: post.id }))
    await expect(response).toHaveFlash({ message: 'moderation:flash.rejected', values: { count: 1 } })
    expect((await post.reload()).status).toBe('rejected')
    expect(
      (await hubFeed(brand, { viewerId: reader.id, hasCommunityAccess: true, hiddenAuthorIds: [] })).posts.map(
        (item) => item.id,
      ),
    ).not.toContain(post.id)
    const mine = (
      await hubFeed(brand, { viewerId: author.id, hasCommunityAccess: true, hiddenAuthorIds: [] })
    ).posts.find((item) => item.id === post.id)
    expect(mine?.moderation).toBe('rejected')
  })

  it('decides in bulk', async () => {
    const [a, b] = [await heldOne('bulk a'), await heldOne('bulk b')]
    const response = await thrownResponse(decide({ decision: 'approve', ids: [a.id, b.id] }))
    await expect(response).toHaveFlash({ message: 'moderation:flash.approved', values: { count: 2 } })
    expect([(await a.reload()).status, (await b.reload()).status]).toEqual(['published', 'published'])
  })

  it.each([
    ['no post chosen', () => ({ decision: 'approve' }), 'moderation:errors.noneChosen'],
    ['an id that is not an id', () => ({ decision: 'approve', ids: 'x\u0000; DROP' }), 'moderation:errors.idInvalid'],
    ['an unknown decision', () => ({ decision: 'publish', ids: 'a'.repeat(36) }), 'moderation:errors.decisionInvalid'],
    ['no decision', () => ({ ids: 'a'.repeat(36) }), 'moderation:errors.decisionInvalid'],
    [
      'more than a page of ids',
      () => ({ decision: 'approve', ids: Array.from({ length: 26 }, (_, n) => String(n).padStart(36, 'a')) }),
      'moderation:errors.tooMany',
    ],
  ])('refuses %s with 400 and its message', async (_, fields, message) => {
    const { status, body } = await refusal(decide(fields()))
    expect(status).toBe(400)
    expect(body.errors).toContain(message)
  })

  it('refuses unknown, already reviewed and other communities’ ids with 400, changing nothing', async () => {
    const waiting = await heldOne('still waiting')
    const reviewed = await heldOne('reviewed already')
    await thrownResponse(decide({ decision: 'reject', ids: reviewed.id }))
    const { brand: other, hub: otherHub, owner: otherOwner } = await makeCommunity()
    const foreign = await Post.create({
      brandId: other.id,
      contextRoomId: otherHub.id,
      authorId: otherOwner.id,
      message: 'elsewhere',
      status: 'held',
    })
    for (const stray of ['Z'.repeat(36), reviewed.id, foreign.id]) {
      const { status, body } = await refusal(decide({ decision: 'approve', ids: [waiting.id, stray] }))
      expect(status).toBe(400)
      expect(body.errors).toEqual(['moderation:errors.notHeld'])
      // The boxes stay ticked.
      expect(body.ids).toEqual([waiting.id, stray])
    }
    expect((await waiting.reload()).status).toBe('held')
    expect((await reviewed.reload()).status).toBe('rejected')
    expect((await foreign.reload()).status).toBe('held')
    expect(await heldCount(other.id)).toBe(1)
  })

  it('is refused to a plain member (403-like: access denied), who changes nothing', async () => {
    const post = await heldOne('members cannot')
    const response = await thrownResponse(decide({ decision: 'approve', ids: post.id }, readerCookie))
    expect(response.headers.get('Location')).toContain('/access-denied')
    expect((await post.reload()).status).toBe('held')
  })
})
