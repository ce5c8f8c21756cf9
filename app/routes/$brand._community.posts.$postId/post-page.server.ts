import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Post } from '#models/index'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { postAction } from '#app/lib/posts/post-actions.server'
import { requirePost } from '#app/lib/posts/post-guard.server'
import { rightsByRoom, shown, shownThread } from '#app/lib/posts/post-view.server'
import { childrenOf, postItem } from '#app/lib/posts/posts.server'
import { authorFilter } from '#app/lib/connections/visibility.server'

/**
 * The single post view (posts/{postId}, public): the post, then its comments (or, for a
 * comment, its replies) COMMENTS_PAGE_SIZE at a time after `?lastPostId=`, each comment with its
 * first replies. Whoever the post's room admits reads it; a guest is asked to sign in elsewhere.
 */
export async function postPageLoader(args: LoaderFunctionArgs) {
  const { brand, user, post, room } = await requirePost(args)
  const userId = user?.id ?? null
  // Blocked people (either way) and those this viewer muted are left out of the thread, or, for
  // those the viewer blocked or muted, shown as a notice.
  const filter = await authorFilter(userId, brand.id)
  const lastPostId = new URL(args.request.url).searchParams.get('lastPostId')
  const [item, thread, rights, messages] = await Promise.all([
    postItem(post, userId, filter),
    childrenOf(post.id, { ...filter, viewerId: userId, lastPostId }),
    rightsByRoom(brand, userId, [room.id]),
    routeMessages(args, 'posts', 'connections', 'moderation'),
  ])
  const topLevel = post.parentPostId === null
  const comments = await Promise.all(
    shownThread(thread, rights, userId).items.map(async (comment) => ({
      ...comment,
      replies: topLevel
        ? shownThread(await childrenOf(comment.id, { ...filter, viewerId: userId }), rights, userId)
        : null,
    })),
  )
  const shownPost = shown(item, rights, userId)
  return {
    messages,
    community: { slug: brand.slug, name: brand.name },
    roomId: room.id,
    post: shownPost,
    // Threads are two deep: a reply takes no answers of its own.
    mayAnswer: shownPost.can.comment && (topLevel || (await isComment(post.parentPostId))),
    parentPostId: post.parentPostId,
    comments,
    lastPostId: thread.lastPostId,
    paged: Boolean(lastPostId),
    origin: new URL(args.request.url).origin,
  }
}

async function isComment(parentPostId: string | null) {
  if (!parentPostId) return false
  const parent = await Post.findByPk(parentPostId, { attributes: ['parentPostId'] })
  return parent !== null && parent.parentPostId === null
}

export const postPageAction = (args: ActionFunctionArgs) => postAction(args)
