// The JSON API's post calls (docs/api.md#posts): the same guards, rights and commands as
// the feed, the single post view and the drafts panel (app/lib/posts), answered as JSON. A post or
// a room names its community; the community's pages' rules then decide (models/post-access.ts).
import { Post, PostReaction, Room } from '#models/index'
import { authorFilter } from '../connections/visibility.server'
import { refuse, readBody, readQuery, inCommunity, json, type ApiArgs } from '../http/api.server'
import { requireCommunity, requireCommunityPage, requireCommunityPermission, requireUser } from '../http/guards.server'
import { viewer } from '../http/session.server'
import { ScheduleError, deleteDraft, findOwnDraft, myDrafts, saveDraft, schedulePost } from '../posts/drafts.server'
import { communityFeedView, hubFeedView, roomFeedView } from '../posts/feed.server'
import { mayPostIn, requirePost, roomPostRights } from '../posts/post-guard.server'
import { PostRuleError } from '../posts/post-rules'
import {
  addReaction,
  childrenOf,
  createChild,
  createPost,
  isReaction,
  postItem,
  reactionsOn,
  removePost,
  setPinned,
  updatePost,
} from '../posts/posts.server'
import {
  CommentsQuery,
  CreateDraftBody,
  CreatePostBody,
  DraftId,
  DraftsQuery,
  FeedQuery,
  PinPostBody,
  PostId,
  PostPinBody,
  PostsQuery,
  ReactionBody,
  ReactionsQuery,
  ScheduleDraftBody,
  UpdatePostBody,
} from './posts-api.schema'

const NOBODY_HIDDEN = { hiddenAuthorIds: [] }

/** The post an address or a body names, with the viewer's rights, by its community's post guard (404 / 401 / 403). */
async function postNamed(args: ApiArgs, id: unknown) {
  const checked = PostId.safeParse(id)
  if (!checked.success) throw refuse(400, 'posts:errors.missingId')
  const row = await Post.findOne({ attributes: ['brandId'], where: { id: checked.data } })
  if (!row) throw refuse(404, 'api:errors.notFound')
  return requirePost(await inCommunity(args, row.brandId), checked.data)
}

/** A room by id, its community, and the viewer's post rights there; an unknown room is a 404. */
async function roomNamed(args: ApiArgs, roomId: string) {
  const row = await Room.findOne({ attributes: ['brandId'], where: { id: roomId } })
  if (!row) throw refuse(404, 'api:errors.notFound')
  const brand = await requireCommunity(await inCommunity(args, row.brandId))
  const { user } = await viewer(args.request, args.context)
  const found = await roomPostRights(brand, user?.id ?? null, roomId)
  if (!found) throw refuse(404, 'api:errors.notFound')
  return { brand, user, ...found }
}

/** Reading a room's posts: whoever its room admits (a guest where the hub is public), as the pages. */
function mustRead(rights: { read: boolean }, signedIn: boolean) {
  if (!rights.read) throw signedIn ? refuse(403, 'api:errors.forbidden') : refuse(401, 'api:errors.unauthorized')
}

function ruleRefusal(error: unknown): never {
  if (error instanceof PostRuleError) throw refuse(400, error.problem)
  throw error
}

/** GET /posts: a room's feed, pinned first, then newest (pageNumber from 0); or one of its posts (postId). */
export async function listPosts(args: ApiArgs) {
  const query = readQuery(args.request, PostsQuery)
  const { brand, user, room, rights } = await roomNamed(args, query.contextRoomId)
  mustRead(rights, user !== null)
  const filter = await authorFilter(user?.id ?? null, brand.id)
  if (query.postId) {
    const { post } = await postNamed(args, query.postId)
    if (post.contextRoomId !== room.id || filter.hiddenAuthorIds.includes(post.authorId))
      throw refuse(404, 'api:errors.notFound')
    return { post: await postItem(post, user?.id ?? null, filter) }
  }
  return roomFeedView(brand, room, user?.id ?? null, { ...filter, page: query.pageNumber ?? 0 })
}

/** GET /posts/comments and /posts/comments/replies: a post's answers after lastPostId, `limit` (3) at a time. */
export async function listComments(args: ApiArgs) {
  const query = readQuery(args.request, CommentsQuery)
  const { brand, user, post } = await postNamed(args, query.parentPostId)
  if (post.contextRoomId !== query.contextRoomId) throw refuse(400, 'posts:errors.missingParentPost')
  const filter = await authorFilter(user?.id ?? null, brand.id)
  return childrenOf(post.id, {
    ...filter,
    viewerId: user?.id ?? null,
    lastPostId: query.lastPostId ?? null,
    limit: query.limit,
  })
}

/** POST /posts: a post in a room, or with parentPostId a comment (on a post) or a reply (on a comment). */
export async function createPostCall(args: ApiArgs) {
  const user = await requireUser(args)
  const body = await readBody(args.request, CreatePostBody)
  const { brand, rights } = await roomNamed(args, body.contextRoomId)
  const child = Boolean(body.parentPostId)
  if (child ? !rights.comment : !rights.post)
    throw refuse(403, child ? 'posts:errors.noCommentPermission' : 'posts:errors.noPostPermission')
  const post = await (child ? createChild(brand, user.id, body) : createPost(brand, user.id, body)).catch(ruleRefusal)
  return json({ post: await postItem(post, user.id, NOBODY_HIDDEN) }, 201)
}

/** PUT /posts/{id}: its author changes what it says (the room stays). */
export async function updatePostCall(args: ApiArgs) {
  const user = await requireUser(args)
  const { post, rights } = await postNamed(args, args.params.id)
  const body = await readBody(args.request, UpdatePostBody, { id: args.params.id })
  if (body.contextRoomId !== post.contextRoomId) throw refuse(400, 'api:errors.badRequest')
  if (post.authorId !== user.id || !rights.removeOwn) throw refuse(403, 'posts:errors.noPermission')
  await updatePost(post, body).catch(ruleRefusal)
  return { post: await postItem(post, user.id, NOBODY_HIDDEN) }
}

/** DELETE /posts/{id}: its author, or whoever moderates its room. */
export async function removePostCall(args: ApiArgs) {
  const user = await requireUser(args)
  const { post, rights } = await postNamed(args, args.params.id)
  if (!(rights.moderate || (post.authorId === user.id && rights.removeOwn)))
    throw refuse(403, 'posts:errors.noPermission')
  await removePost(post)
  return new Response(null, { status: 204 })
}

async function pin(args: ApiArgs, pinned: boolean, roomId: string | null) {
  const { post, rights } = await postNamed(args, args.params.id)
  if (roomId !== null && roomId !== post.contextRoomId) throw refuse(404, 'api:errors.notFound')
  if (!rights.moderate || post.parentPostId) throw refuse(403, 'posts:errors.noPermission')
  await setPinned(post, pinned)
  return { id: post.id, pinned }
}

/** PUT /posts/pinned/{id} with pinned. */
export async function pinPostCall(args: ApiArgs) {
  await requireUser(args)
  const body = await readBody(args.request, PinPostBody)
  return pin(args, body.pinned, null)
}

/** PUT post-pins/{id} with pinned and roomId (the post's room). */
export async function postPinCall(args: ApiArgs) {
  await requireUser(args)
  const body = await readBody(args.request, PostPinBody)
  return pin(args, body.pinned, body.roomId)
}

/** GET activityhubfeed: the community home's feed (its hub and what was promoted), as the home shows it. */
export async function hubFeedCall(args: ApiArgs) {
  const query = readQuery(args.request, FeedQuery)
  const { brand, user } = await requireCommunityPage(await inCommunity(args, query.brandId), 'home')
  const filter = await authorFilter(user?.id ?? null, brand.id)
  return hubFeedView(brand, user?.id ?? null, { ...filter, page: query.pageNumber ?? 0 })
}

/** GET activityfeed: every post of the community the viewer may read, newest first. */
export async function communityFeedCall(args: ApiArgs) {
  const query = readQuery(args.request, FeedQuery)
  const { brand, user } = await requireCommunityPage(await inCommunity(args, query.brandId), 'home')
  const filter = await authorFilter(user?.id ?? null, brand.id)
  return communityFeedView(brand, user?.id ?? null, { ...filter, page: query.pageNumber ?? 0 })
}

// ——— drafts: the author's own, as the drafts panel (a member of the community sees only theirs) ———

async function draftsOf(args: ApiArgs) {
  await requireUser(args)
  const query = readQuery(args.request, DraftsQuery)
  return requireCommunityPermission(await inCommunity(args, query.brandId), 'access-community')
}

/** GET drafts: my drafts and scheduled posts in the community. */
export async function listDrafts(args: ApiArgs) {
  const { brand, user } = await draftsOf(args)
  return myDrafts(brand.id, user.id)
}

/** GET drafts/count. */
export async function countDrafts(args: ApiArgs) {
  const { brand, user } = await draftsOf(args)
  const { drafts, scheduled } = await myDrafts(brand.id, user.id)
  return { count: drafts.length + scheduled.length, drafts: drafts.length, scheduled: scheduled.length }
}

/** POST posts/draft: kept for later, in a room where the author may post. */
export async function createDraftCall(args: ApiArgs) {
  const user = await requireUser(args)
  const body = await readBody(args.request, CreateDraftBody)
  const { brand, rights } = await roomNamed(args, body.contextRoomId)
  if (!rights.post) throw refuse(403, 'posts:errors.noPostPermission')
  const draft = await saveDraft(brand, user.id, body).catch(ruleRefusal)
  return json({ draft: { id: draft.id, status: 'draft', roomId: draft.contextRoomId, html: draft.message } }, 201)
}

/** The caller's own draft the address names; anyone else's is not found (drafts are private). */
async function ownDraft(args: ApiArgs) {
  const user = await requireUser(args)
  const checked = DraftId.safeParse(args.params.id)
  if (!checked.success) throw refuse(400, 'posts:errors.missingDraftPostId')
  const row = await Post.findOne({ attributes: ['brandId'], where: { id: checked.data, authorId: user.id } })
  if (!row) throw refuse(404, 'posts:errors.draftNotFound')
  const { brand } = await requireCommunityPermission(await inCommunity(args, row.brandId), 'access-community')
  const draft = await findOwnDraft(brand.id, user.id, checked.data)
  if (!draft) throw refuse(404, 'posts:errors.draftNotFound')
  return { brand, user, draft }
}

/** PUT drafts/{id} with draftPostTime: schedule (or reschedule) it. */
export async function scheduleDraftCall(args: ApiArgs) {
  const { brand, user, draft } = await ownDraft(args)
  const body = await readBody(args.request, ScheduleDraftBody)
  if (!(await mayPostIn(brand, user.id, draft.contextRoomId))) throw refuse(403, 'posts:errors.noPostPermission')
  const at = new Date(body.draftPostTime)
  try {
    await schedulePost(draft, at)
  } catch (error) {
    if (error instanceof ScheduleError)
      throw refuse(error.problem === 'posts:errors.notADraft' ? 409 : 400, error.problem)
    throw error
  }
  return { id: draft.id, status: 'scheduled', publishAt: at.toISOString() }
}

/** DELETE drafts/{id}. */
export async function deleteDraftCall(args: ApiArgs) {
  const { draft } = await ownDraft(args)
  await deleteDraft(draft)
  return new Response(null, { status: 204 })
}

// ——— reactions ———

/** POST /post-reactions with post and emoji (a reaction's name): whoever may comment there. */
export async function addReactionCall(args: ApiArgs) {
  const user = await requireUser(args)
  const body = await readBody(args.request, ReactionBody)
  const { post, rights } = await postNamed(args, body.post)
  if (!rights.comment) throw refuse(403, 'posts:errors.noPermission')
  if (!isReaction(body.emoji)) throw refuse(400, 'api:errors.badReaction')
  const reaction = await addReaction(post.id, user.id, body.emoji)
  return json({ reaction: { id: reaction.id, postId: post.id, userId: user.id, name: body.emoji } }, 201)
}

/** DELETE /post-reactions/{id}: one's own reaction only. */
export async function removeReactionCall(args: ApiArgs) {
  const user = await requireUser(args)
  const id = PostId.safeParse(args.params.id)
  const reaction = id.success ? await PostReaction.findOne({ where: { id: id.data, userId: user.id } }) : null
  if (!reaction) throw refuse(404, 'api:errors.notFound')
  await postNamed(args, reaction.postId)
  await reaction.destroy()
  return new Response(null, { status: 204 })
}

/** GET /post-reactions with post: who reacted how (those the viewer does not see left out). */
export async function listReactions(args: ApiArgs) {
  const query = readQuery(args.request, ReactionsQuery)
  const { brand, user, post } = await postNamed(args, query.post)
  return { reactions: await reactionsOn(post.id, await authorFilter(user?.id ?? null, brand.id)) }
}
