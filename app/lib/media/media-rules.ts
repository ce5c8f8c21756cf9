// The media library's rules, pure so the page and the server share them. The count, size and type
// limits are ours, chosen for a community's everyday uploads, and docs/user-guide.md#media-library
// lists them.
import type { MediaKind } from '#models/media'
import { FORMAT_LOCALES, type Language } from '#app/lib/i18n/i18n'

export type { MediaKind }

/** The tabs in the product's order, and the kind each lists. */
export const MEDIA_TABS = ['videos', 'images', 'files'] as const
export type MediaTab = (typeof MEDIA_TABS)[number]
export const TAB_KIND: Record<MediaTab, MediaKind> = { videos: 'video', images: 'image', files: 'file' }

export const isMediaTab = (value: unknown): value is MediaTab => MEDIA_TABS.includes(value as MediaTab)

/** At most this many files in one upload ("count limit per batch"). */
export const MEDIA_BATCH_MAX = 5

const MB = 1024 * 1024
/** The largest file each tab takes, in bytes. */
export const MEDIA_MAX_BYTES: Record<MediaKind, number> = { video: 200 * MB, image: 10 * MB, file: 25 * MB }
/** The largest any upload can be: what the multipart reader cuts a file at before its kind is known. */
export const MEDIA_LARGEST_BYTES = Math.max(...Object.values(MEDIA_MAX_BYTES))
/** The most one upload request may carry: a full batch of the largest files and the form's framing. */
export const MEDIA_BODY_LIMIT = MEDIA_BATCH_MAX * MEDIA_LARGEST_BYTES + 64 * 1024

/**
 * The accepted type strings of each tab. The product's check is "the file's type must contain one of
 * the accepted type strings", so `video/` accepts every video type; the type is the one read from
 * the file's content (media-sniff.ts), never its name or the browser's claim.
 */
export const ACCEPTED_TYPES: Record<MediaKind, readonly string[]> = {
  video: ['video/'],
  image: ['image/'],
  file: ['application/pdf', 'application/zip', 'text/plain', 'audio/'],
}

export function isAcceptedType(kind: MediaKind, contentType: string): boolean {
  return containsAcceptedType(ACCEPTED_TYPES[kind], contentType)
}

/** The product's check for any list of accepted type strings (a tab's, a video message's). */
export function containsAcceptedType(accepted: readonly string[], contentType: string): boolean {
  return accepted.some((type) => contentType.includes(type))
}

/** What the file input offers to pick (a hint for the browser only: the server reads the bytes). */
export const INPUT_ACCEPT: Record<MediaKind, string> = {
  video: 'video/*',
  image: 'image/*',
  file: '.pdf,.zip,.txt,.csv,.md,.mp3,.ogg,.wav,application/pdf,application/zip,text/plain,audio/*',
}

/** Names longer than this (without the extension) are shortened. */
export const NAME_KEEP_MAX = 20
const HEAD = 10
const TAIL = 7

/**
 * The rule: a file name over 20 characters becomes its first 10 and last 7 characters plus
 * the extension. The extension is not counted, and the two parts are joined as they are (the rule
 * names no separator). Characters are counted as code points, so an emoji is never cut in half;
 * any path a browser sent along (old IE sends C:\…) is dropped first.
 */
export function shortenFileName(original: string): string {
  const base = original.split(/[\\/]/).pop()!.trim() || 'file'
  const dot = base.lastIndexOf('.')
  const hasExtension = dot > 0 && dot < base.length - 1
  const stem = [...(hasExtension ? base.slice(0, dot) : base)]
  const extension = hasExtension ? base.slice(dot) : ''
  if (stem.length <= NAME_KEEP_MAX) return stem.join('') + extension
  return stem.slice(0, HEAD).join('') + stem.slice(-TAIL).join('') + extension
}

/** The library's address for a tab (images is the default and has the bare address); a group's with its room id. */
export function mediaUrl(slug: string, tab: MediaTab = 'images', page = 1, roomId: string | null = null): string {
  const query = new URLSearchParams()
  if (roomId) query.set('room', roomId)
  if (tab !== 'images') query.set('type', tab)
  if (page > 1) query.set('page', String(page))
  const search = query.toString()
  return `/${slug}/media${search ? `?${search}` : ''}`
}

/** Items per page of a tab. */
export const MEDIA_PAGE_SIZE = 24

/** The page a list's address asks for (?page=), anything odd read as the first. */
export function listPage(url: URL): number {
  const raw = url.searchParams.get('page') ?? ''
  return /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1
}

/**
 * The library's place from an address: a group's (?room=, its room id, checked when opened) or
 * null for one's own, the tab and the page, anything odd read as its default.
 */
export function libraryPlace(url: URL): { roomId: string | null; tab: MediaTab; page: number } {
  const type = url.searchParams.get('type')
  return { roomId: url.searchParams.get('room'), tab: isMediaTab(type) ? type : 'images', page: listPage(url) }
}

/** A page of the recordings made in one's personal rooms (personal-recordings.server.ts). */
export const recordingsUrl = (page = 1) => (page > 1 ? `/me/recordings?page=${page}` : '/me/recordings')

/** A size in the viewer's number format: kB under a megabyte, MB above. */
export function formatSize(bytes: number, language: Language) {
  const megabytes = bytes >= 1024 * 1024
  const value = megabytes ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024))
  return new Intl.NumberFormat(FORMAT_LOCALES[language], {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(value)
}
