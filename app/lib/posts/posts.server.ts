// Posts, comments, replies and reactions: the commands that write them and the queries the feeds
// and the single post view read (and the JSON API's posts calls). Access is decided before
// these run (models/post-access.ts through the guards); every query takes the authors the viewer
// must not see (blocks and mutes, app/lib/connections) as a list, so the feeds never show them.
import { Op, type WhereOptions } from 'sequelize'
import { Brand, Post, PostReaction, Room, User } from '#models/index'
import type { TranslationKey } from '../i18n/i18n'
import { shownName } from '../members/shown-name'
import { screenPost, type ModerationDeps } from '../moderation/moderation.server'
import { feedRulesOf } from '#models/post-access'
import { roomAccess } from '#models/room-access'
import { findEmbeds, type Embed } from './embeds'
import { publishFeedChange } from './feed-events.server'
import {
  COMMENTS_PAGE_SIZE,
  FEED_PAGE_SIZE,
  PostRuleError,
  REACTIONS,
  REACTION_NAMES,
  postProblem,
  updateProblem,
  type PostInput,
  type ReactionName,
} from './post-rules'
import { isSafeLink } from './safe-link'
import { hasVisibleText, sanitizePostHtml } from './sanitize.server'
import { notifyAnswer, notifyPost } from '../notifications/notify.server'

/** The message as it will be stored: sanitised, and nothing at all when only removed markup was left. */
export function storedMessage(message: unknown): unknown {
  if (typeof message !== 'string') return message
  const clean = sanitizePostHtml(message)
  return hasVisibleText(clean) ? clean : ''
}

function fileUrlsOf(input: PostInput): string[] {
  return Array.isArray(input.fileUrls) ? (input.fileUrls as string[]) : []
}

/** The community fields a new post is checked against: its id, and its moderation threshold and language. */
export type PostingBrand = Pick<Brand, 'id' | 'contentModeration' | 'communityLanguage'>

/**
 * POST /posts: a top-level post in a room. Throws PostRuleError with the product's message. With
 * moderation on, a post scoring at or above the community's threshold is saved held (status
 * 'held'), out of every feed until a moderator approves it (app/lib/moderation).
 */
export async function createPost(
  brand: PostingBrand,
  authorId: string,
  input: PostInput,
  moderation: ModerationDeps = {},
): Promise<Post> {
  const message = storedMessage(input.message)
  const problem = postProblem({ ...input, message })
  if (problem) throw new PostRuleError(problem)
  const screening = await screenPost(brand, (message as string) || null, moderation)
  const post = await Post.create({
    status: screening.status,
    moderationScore: screening.score,
    brandId: brand.id,
    contextRoomId: input.contextRoomId as string,
    authorId,
    message: (message as string) || null,
    fileUrls: fileUrlsOf(input),
    videoUrl: (input.videoUrl as string) || null,
    videoThumbnailUrl: (input.videoThumbnailUrl as string) || null,
  })
  await announce(post)
  return post
}

/**
 * A comment on a post or a reply to a comment. Threads are two deep: answering a reply answers its
 * comment. The parent must be a published post of the same room (else "Missing parent post").
 */
export async function createChild(
  brand: PostingBrand,
  authorId: string,
  input: PostInput,
  moderation: ModerationDeps = {},
): Promise<Post> {
  const message = storedMessage(input.message)
  const problem = postProblem({ ...input, message }, { child: true })
  if (problem) throw new PostRuleError(problem)
  let parent = await Post.findOne({
    where: {
      id: input.parentPostId as string,
      brandId: brand.id,
      contextRoomId: input.contextRoomId as string,
      status: 'published',
      deleted: false,
    },
  })
  if (parent?.parentPostId) {
    const grandparent = await Post.findByPk(parent.parentPostId)
    if (grandparent?.parentPostId) parent = await Post.findOne({ where: { id: parent.parentPostId, deleted: false } })
  }
  if (!parent) throw new PostRuleError('posts:errors.missingParentPost')
  const screening = await screenPost(brand, (message as string) || null, moderation)
  const child = await Post.create({
    status: screening.status,
    moderationScore: screening.score,
    brandId: brand.id,
    contextRoomId: parent.contextRoomId,
    parentPostId: parent.id,
    authorId,
    message: (message as string) || null,
    fileUrls: fileUrlsOf(input),
    videoUrl: (input.videoUrl as string) || null,
    videoThumbnailUrl: (input.videoThumbnailUrl as string) || null,
  })
  await announce(child, parent)
  return child
}

/**
 * A post, comment or reply has just become visible (written, published from a draft or a schedule,
 * approved by a moderator): its room's open feeds re-read, and whoever wants to hear of it is told.
 * A held one waits for its approval. `parent`: an answer's, when the caller has it at hand.
 */
export async function announce(post: Post, parent?: Post | null): Promise<void> {
  if (post.status !== 'published') return
  if (!post.parentPostId) {
    await publishFeedChange('posted', post)
    await notifyPost(post)
    return
  }
  await publishFeedChange('answered', post)
  const answered = parent ?? (await Post.findByPk(post.parentPostId))
  if (answered) await notifyAnswer(post, answered)
}

/**
 * PUT /posts/{id}: new content for a published post, under the same rules as writing it ("An
 * update needs the id plus the same rules"). The room and the thread stay as they are.
 */
export async function updatePost(post: Post, input: PostInput): Promise<void> {
  const message = storedMessage(input.message)
  const problem = updateProblem({ ...input, id: post.id, message })
  if (problem) throw new PostRuleError(problem)
  await post.update({
    message: (message as string) || null,
    fileUrls: fileUrlsOf(input),
    videoUrl: (input.videoUrl as string) || null,
    videoThumbnailUrl: (input.videoThumbnailUrl as string) || null,
  })
  await publishFeedChange('edited', post)
}

/** The person's reaction on the post, added if it was not there (POST /post-reactions). */
export async function addReaction(postId: string, userId: string, emoji: ReactionName): Promise<PostReaction> {
  // Two quick clicks race to the unique index; the second finds the first.
  const [reaction, created] = await PostReaction.findOrCreate({
    where: { postId, userId, emoji },
    defaults: { postId, userId, emoji },
  })
  if (created) await publishReactionChange(postId)
  return reaction
}

/** Adds the person's reaction to the post, or takes it away if it was there: one click toggles. Returns whether it is now on. */
export async function toggleReaction(postId: string, userId: string, emoji: ReactionName): Promise<boolean> {
  const existing = await PostReaction.findOne({ where: { postId, userId, emoji } })
  if (!existing) {
    await addReaction(postId, userId, emoji)
    return true
  }
  await existing.destroy()
  await publishReactionChange(postId)
  return false
}

/** Open feeds showing the post re-read its reaction counts. */
async function publishReactionChange(postId: string) {
  const post = await Post.findByPk(postId, {
    attributes: ['id', 'brandId', 'contextRoomId', 'parentPostId', 'promoted'],
  })
  if (post) await publishFeedChange('reacted', post)
}

/** GET /post-reactions with post: who reacted how, oldest first, leaving out the people the viewer does not see. */
export async function reactionsOn(postId: string, filter: Pick<AuthorFilter, 'hiddenAuthorIds'>) {
  const rows = await PostReaction.findAll({
    where: {
      postId,
      ...(filter.hiddenAuthorIds.length ? { userId: { [Op.notIn]: [...filter.hiddenAuthorIds] } } : {}),
    },
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
  })
  return rows.map((row) => ({
    id: row.id,
    postId: row.postId,
    userId: row.userId,
    name: row.emoji as ReactionName,
    emoji: REACTIONS[row.emoji as ReactionName] ?? '',
  }))
}

export function isReaction(value: unknown): value is ReactionName {
  return typeof value === 'string' && (REACTION_NAMES as readonly string[]).includes(value)
}

export async function setPinned(post: Post, pinned: boolean) {
  await post.update({ pinned })
  await publishFeedChange('pinned', post)
}

export async function setPromoted(post: Post, promoted: boolean, byUserId: string) {
  const wasPromoted = post.promoted
  await post.update({ promoted, promotedBy: promoted ? byUserId : null })
  await publishFeedChange('promoted', post, { wasPromoted })
}

/** DELETE /posts/{id}: the flag, so a thread keeps its place; the post and its answers leave every feed. */
export async function removePost(post: Post) {
  // A removed comment of a promoted post leaves the hub feed too: asked before the flags change.
  const wasPromoted = post.promoted
  await post.update({ deleted: true, pinned: false, promoted: false })
  await publishFeedChange('removed', post, { wasPromoted })
}

// ——— reading ———

export type PostItem = {
  id: string
  roomId: string
  parentPostId: string | null
  author: { id: string; name: string }
  html: string | null
  /** Players for the video links in the message, built from their ids only. */
  embeds: Embed[]
  fileUrls: string[]
  video: { url: string; thumbnailUrl: string | null } | null
  pinned: boolean
  promoted: boolean
  createdAt: string
  reactions: Array<{ name: ReactionName; emoji: string; count: number; mine: boolean }>
  childCount: number
  /** A comment by someone the viewer blocked or muted: this text stands in its place, with no author or content. */
  notice: TranslationKey | null
  /** The viewer's own post held for review ('held') or kept out by a moderator ('rejected'); null when published. */
  moderation: 'held' | 'rejected' | null
}

/**
 * Whose posts a viewer does not see (app/lib/connections/visibility.server.ts authorFilter):
 * `hiddenAuthorIds` never show as posts; in a thread, the authors in `noticeByAuthor` show as
 * that notice (the blocked-user or muted-user comment notice) and the rest stay out.
 */
export type AuthorFilter = { hiddenAuthorIds: readonly string[]; noticeByAuthor?: ReadonlyMap<string, TranslationKey> }

/** The authors left out of a thread: the hidden ones that have no notice. */
function hiddenInThreads(filter: AuthorFilter): readonly string[] {
  const notices = filter.noticeByAuthor
  return notices?.size ? filter.hiddenAuthorIds.filter((id) => !notices.has(id)) : filter.hiddenAuthorIds
}

const LIVE: WhereOptions<Post> = { status: 'published', deleted: false }

/** The states of a post its author still sees, marked, while nobody else does (moderation). */
export const AWAITING_REVIEW = ['held', 'rejected'] as const

/**
 * What one viewer reads: published posts, and their own held or rejected ones (marked so) — never
 * anyone else's, whoever asks. Every read of posts below goes through this.
 */
function readableBy(viewerId: string | null): WhereOptions<Post> {
  if (!viewerId) return LIVE
  return { deleted: false, [Op.or]: [{ status: 'published' }, { status: [...AWAITING_REVIEW], authorId: viewerId }] }
}

function notFrom(hiddenAuthorIds: readonly string[]): WhereOptions<Post> {
  return hiddenAuthorIds.length ? { authorId: { [Op.notIn]: [...hiddenAuthorIds] } } : {}
}

/** Posts as the pages show them: author names, reaction counts (and the viewer's own), how many answers. */
async function items(posts: Post[], viewerId: string | null, filter: AuthorFilter): Promise<PostItem[]> {
  if (posts.length === 0) return []
  const ids = posts.map((post) => post.id)
  const [brand, authors, reactions, children] = await Promise.all([
    // All of a page's posts are of one community: its way of showing names.
    Brand.findByPk(posts[0]!.brandId, { attributes: ['displayAbbreviatedUserNames'], rejectOnEmpty: true }),
    User.findAll({ attributes: ['id', 'name'], where: { id: [...new Set(posts.map((post) => post.authorId))] } }),
    PostReaction.findAll({ attributes: ['postId', 'userId', 'emoji'], where: { postId: ids } }),
    Post.findAll({
      attributes: ['parentPostId'],
      where: { [Op.and]: [{ parentPostId: ids }, readableBy(viewerId), notFrom(hiddenInThreads(filter))] },
    }),
  ])
  const nameOf = new Map(authors.map((user) => [user.id, shownName(brand, user.name ?? '')]))
  return posts.map((post): PostItem => {
    const mine = reactions.filter((reaction) => reaction.postId === post.id)
    const childCount = children.filter((child) => child.parentPostId === post.id).length
    const notice = post.parentPostId ? (filter.noticeByAuthor?.get(post.authorId) ?? null) : null
    if (notice) return noticeInPlaceOf(post, childCount, notice)
    return {
      id: post.id,
      roomId: post.contextRoomId,
      parentPostId: post.parentPostId ?? null,
      author: { id: post.authorId, name: nameOf.get(post.authorId) ?? '' },
      html: post.message,
      embeds: findEmbeds(post.message),
      // Rows written before the link rule (safe-link.ts) may hold any address: only safe ones reach an href.
      fileUrls: (post.fileUrls ?? []).filter(isSafeLink),
      video: isSafeLink(post.videoUrl)
        ? { url: post.videoUrl, thumbnailUrl: isSafeLink(post.videoThumbnailUrl) ? post.videoThumbnailUrl : null }
        : null,
      pinned: post.pinned,
      promoted: post.promoted,
      createdAt: post.createdAt.toISOString(),
      reactions: REACTION_NAMES.map((name) => {
        const of = mine.filter((reaction) => reaction.emoji === name)
        return {
          name,
          emoji: REACTIONS[name],
          count: of.length,
          mine: viewerId !== null && of.some((reaction) => reaction.userId === viewerId),
        }
      }),
      childCount,
      notice: null,
      moderation: post.status === 'held' || post.status === 'rejected' ? post.status : null,
    }
  })
}

/** A comment as its notice: nothing of who wrote it or what it says reaches the page. */
function noticeInPlaceOf(post: Post, childCount: number, notice: TranslationKey): PostItem {
  return {
    id: post.id,
    roomId: post.contextRoomId,
    parentPostId: post.parentPostId ?? null,
    author: { id: '', name: '' },
    html: null,
    embeds: [],
    fileUrls: [],
    video: null,
    pinned: false,
    promoted: false,
    createdAt: post.createdAt.toISOString(),
    reactions: [],
    childCount,
    notice,
    moderation: null,
  }
}

export type Thread = { items: PostItem[]; lastPostId: string | null }

/**
 * GET /posts/comments (and /replies): a post's answers, oldest first, COMMENTS_PAGE_SIZE (or `limit`) at a time
 * after `lastPostId` (the last one the reader has). `lastPostId` in the answer pages on; null at the end.
 */
export async function childrenOf(
  parentPostId: string,
  options: AuthorFilter & { viewerId: string | null; lastPostId?: string | null; limit?: number },
): Promise<Thread> {
  const size = options.limit ?? COMMENTS_PAGE_SIZE
  const after = options.lastPostId ? await Post.findOne({ where: { id: options.lastPostId, parentPostId } }) : null
  const rows = await Post.findAll({
    where: {
      [Op.and]: [
        { parentPostId },
        readableBy(options.viewerId),
        notFrom(hiddenInThreads(options)),
        after
          ? {
              [Op.or]: [
                { createdAt: { [Op.gt]: after.createdAt } },
                { createdAt: after.createdAt, id: { [Op.gt]: after.id } },
              ],
            }
          : {},
      ],
    },
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
    limit: size + 1,
  })
  const page = rows.slice(0, size)
  return {
    items: await items(page, options.viewerId, options),
    lastPostId: rows.length > size ? page.at(-1)!.id : null,
  }
}

export type FeedPost = PostItem & { comments: Thread }
export type Feed = { posts: FeedPost[]; page: number; hasMore: boolean }

async function withComments(posts: Post[], viewerId: string | null, filter: AuthorFilter): Promise<FeedPost[]> {
  const shown = await items(posts, viewerId, filter)
  return Promise.all(
    shown.map(async (post) => ({ ...post, comments: await childrenOf(post.id, { ...filter, viewerId }) })),
  )
}

const FEED_ORDER: Array<[string, string]> = [
  ['pinned', 'DESC'],
  ['createdAt', 'DESC'],
  ['id', 'DESC'],
]

/** A room's feed (a group's page): its top-level posts, pinned first, then newest; pages from 0. */
export async function roomFeed(
  roomId: string,
  options: AuthorFilter & { viewerId: string | null; page?: number },
): Promise<Feed> {
  const page = Math.max(0, options.page ?? 0)
  const rows = await Post.findAll({
    where: {
      [Op.and]: [
        { contextRoomId: roomId, parentPostId: null },
        readableBy(options.viewerId),
        notFrom(options.hiddenAuthorIds),
      ],
    },
    order: FEED_ORDER,
    limit: FEED_PAGE_SIZE + 1,
    offset: page * FEED_PAGE_SIZE,
  })
  return {
    posts: await withComments(rows.slice(0, FEED_PAGE_SIZE), options.viewerId, options),
    page,
    hasMore: rows.length > FEED_PAGE_SIZE,
  }
}

/**
 * The live rooms of the community (those `where` names) that admit the viewer, by the room rules
 * (models/room-access.ts), and whose feed the community's feeds show (not a hidden event feed).
 */
async function admittedRooms(
  brand: Brand,
  viewer: { viewerId: string | null; hasCommunityAccess: boolean },
  where: WhereOptions<Room> = {},
): Promise<string[]> {
  const rooms = await Room.findAll({
    attributes: ['id', 'hostId', 'coHosts', 'members', 'context', 'roomType', 'open', 'membersOnly'],
    where: { ...where, brandId: brand.id, status: 'active', deleted: false },
  })
  const admitted = rooms.filter(
    (room) => roomAccess({ userId: viewer.viewerId, hasCommunityAccess: viewer.hasCommunityAccess, room, brand }).ok,
  )
  // An event whose activity feed is hidden keeps it on its own page, for those who run it.
  const rules = await feedRulesOf(admitted)
  return admitted.filter((room) => rules.get(room.id)!.visible).map((room) => room.id)
}

/**
 * GET activityfeed: everything posted in the community that the viewer may read, from every room
 * that admits them (the hub too where the admins opened it to guests), newest first.
 */
export async function communityFeed(
  brand: Brand,
  options: AuthorFilter & { viewerId: string | null; hasCommunityAccess: boolean; page?: number },
): Promise<Feed> {
  const page = Math.max(0, options.page ?? 0)
  const rooms = await admittedRooms(brand, options)
  if (brand.topLevelRoomId && brand.publicAccess.hub && !rooms.includes(brand.topLevelRoomId))
    rooms.push(brand.topLevelRoomId)
  if (rooms.length === 0) return { posts: [], page, hasMore: false }
  const rows = await Post.findAll({
    where: {
      brandId: brand.id,
      parentPostId: null,
      contextRoomId: rooms,
      ...LIVE,
      ...notFrom(options.hiddenAuthorIds),
    },
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: FEED_PAGE_SIZE + 1,
    offset: page * FEED_PAGE_SIZE,
  })
  return {
    posts: await withComments(rows.slice(0, FEED_PAGE_SIZE), options.viewerId, options),
    page,
    hasMore: rows.length > FEED_PAGE_SIZE,
  }
}

/**
 * GET activityhubfeed: the community home's feed, the hub room's posts and the posts promoted from
 * other rooms, pinned first, then newest. A promoted post shows only to those its room admits, so
 * promoting never opens a members-only group's post to outsiders.
 */
export async function hubFeed(
  brand: Brand,
  options: AuthorFilter & { viewerId: string | null; hasCommunityAccess: boolean; page?: number },
): Promise<Feed> {
  const page = Math.max(0, options.page ?? 0)
  const hubId = brand.topLevelRoomId
  const promotedFrom = (
    await Post.findAll({
      attributes: ['contextRoomId'],
      where: { brandId: brand.id, promoted: true, ...LIVE },
      group: ['contextRoomId'],
      raw: true,
    })
  ).map((row) => row.contextRoomId)
  const visibleRooms = promotedFrom.length ? await admittedRooms(brand, options, { id: promotedFrom }) : []
  const rooms: WhereOptions<Post>[] = []
  if (hubId) rooms.push({ contextRoomId: hubId })
  if (visibleRooms.length) rooms.push({ contextRoomId: visibleRooms, promoted: true })
  if (rooms.length === 0) return { posts: [], page, hasMore: false }
  const rows = await Post.findAll({
    where: {
      [Op.and]: [
        { brandId: brand.id, parentPostId: null },
        readableBy(options.viewerId),
        notFrom(options.hiddenAuthorIds),
        { [Op.or]: rooms },
      ],
    },
    order: FEED_ORDER,
    limit: FEED_PAGE_SIZE + 1,
    offset: page * FEED_PAGE_SIZE,
  })
  return {
    posts: await withComments(rows.slice(0, FEED_PAGE_SIZE), options.viewerId, options),
    page,
    hasMore: rows.length > FEED_PAGE_SIZE,
  }
}

/** One post as the single post view shows it. */
export async function postItem(post: Post, viewerId: string | null, filter: AuthorFilter): Promise<PostItem> {
  const [item] = await items([post], viewerId, filter)
  return item!
}
