// The post rules and their thrown messages, as pure checks that the forms' schemas and the post
// commands share. Each problem is a translation key whose English text is the product's thrown
// message, word for word.

/** Comments (and replies) are read three at a time. */
export const COMMENTS_PAGE_SIZE = 3
/** Top-level posts per feed page (feeds page by pageNumber; the size is ours). */
export const FEED_PAGE_SIZE = 10
/** A message longer than this is refused: it keeps a post readable and inside every dialect's TEXT. */
export const MESSAGE_MAX = 10_000

/**
 * The reactions offered under a post: a short fixed set keeps the counts readable. Stored by name,
 * not by emoji: MariaDB's general utf8mb4 collations weigh every emoji alike, so an emoji column
 * would find 👍 when asked for 🎉.
 */
export const REACTIONS = { like: '👍', love: '❤️', laugh: '😂', celebrate: '🎉', wow: '😮' } as const
export type ReactionName = keyof typeof REACTIONS
export const REACTION_NAMES = Object.keys(REACTIONS) as ReactionName[]

export type PostProblem =
  | 'posts:errors.missingContextRoom'
  | 'posts:errors.missingParentPost'
  | 'posts:errors.missingId'
  | 'posts:errors.missingContent'
  | 'posts:errors.invalidMessage'
  | 'posts:errors.invalidFileUrls'
  | 'posts:errors.missingVideoThumbnail'
  | 'posts:errors.missingPinnedStatus'
  | 'posts:errors.missingRoomId'
  | 'posts:errors.messageTooLong'

/** What a post, comment or reply carries, as it arrives (a form or a JSON body: anything may be missing or the wrong type). */
export type PostInput = {
  contextRoomId?: unknown
  parentPostId?: unknown
  message?: unknown
  fileUrls?: unknown
  videoUrl?: unknown
  videoThumbnailUrl?: unknown
}

const present = (value: unknown) => typeof value === 'string' && value.trim() !== ''

/**
 * The first problem with a post ("A post needs a message, file URLs or a video. The
 * message must be a string and file URLs must be an array. A video requires a thumbnail URL. A
 * context room is required."), or with a comment or reply when `child` ("Comments and replies need
 * a context room and a parent post"). `message` is judged as it will be stored: after sanitising,
 * so markup that sanitises to nothing is no message.
 */
export function postProblem(input: PostInput, { child = false }: { child?: boolean } = {}): PostProblem | null {
  if (!present(input.contextRoomId)) return 'posts:errors.missingContextRoom'
  if (child && !present(input.parentPostId)) return 'posts:errors.missingParentPost'
  if (input.message !== undefined && input.message !== null && typeof input.message !== 'string')
    return 'posts:errors.invalidMessage'
  if (
    input.fileUrls !== undefined &&
    input.fileUrls !== null &&
    !(Array.isArray(input.fileUrls) && input.fileUrls.every((url) => typeof url === 'string'))
  ) {
    return 'posts:errors.invalidFileUrls'
  }
  const hasMessage = present(input.message)
  const hasFiles = Array.isArray(input.fileUrls) && input.fileUrls.length > 0
  const hasVideo = present(input.videoUrl)
  if (!hasMessage && !hasFiles && !hasVideo) return 'posts:errors.missingContent'
  if (hasVideo && !present(input.videoThumbnailUrl)) return 'posts:errors.missingVideoThumbnail'
  if (hasMessage && (input.message as string).length > MESSAGE_MAX) return 'posts:errors.messageTooLong'
  return null
}

/** An update ("An update needs the id plus the same rules"). */
export function updateProblem(input: PostInput & { id?: unknown }): PostProblem | null {
  if (!present(input.id)) return 'posts:errors.missingId'
  return postProblem(input)
}

/** Pinning (PUT post-pins/{id} with pinned and roomId). */
export function pinProblem(input: { pinned?: unknown; roomId?: unknown }): PostProblem | null {
  if (typeof input.pinned !== 'boolean') return 'posts:errors.missingPinnedStatus'
  if (!present(input.roomId)) return 'posts:errors.missingRoomId'
  return null
}

/** Thrown by the post commands with one of the product's messages (as its translation key). */
export class PostRuleError extends Error {
  constructor(readonly problem: PostProblem) {
    super(problem)
    this.name = 'PostRuleError'
  }
}
