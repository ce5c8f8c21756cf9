/**
 * Community (brand) settings that are stored as JSON, with the product's defaults.
 * Scalar settings are columns of their own (see migrations/0001-core.ts); these groups travel together.
 */

export const VIEWING_MODES = ['tiles', 'primarySpeaker', 'presenter'] as const
export type ViewingMode = (typeof VIEWING_MODES)[number]

export const VIDEO_QUALITIES = ['low', 'medium', 'high', 'ultra'] as const
export type VideoQuality = (typeof VIDEO_QUALITIES)[number]

export const peerSettingsDefaults = () => ({
  peersMax: 16,
  peersMinSize: 160,
  mirrorOwnVideo: true,
  defaultDisplayName: 'Guest',
  peersDisplayNameplates: true,
})

export const toolbarControlsDefaults = () => ({
  chat: true,
  settings: true,
  sharedVideo: true,
  sharedScreen: true,
  recording: true,
  transcribe: true,
  closedCaption: true,
  live: true,
  viewingMode: true,
  fullScreen: true,
})

export const mediaDefaults = () => ({
  videoResolution: 'high' as VideoQuality,
  aspectRatio: '16:9',
  frameRate: 25,
  screenShareResolution: 'ultra' as VideoQuality,
  screenShareFrameRate: 5,
  autoGainControl: true,
  noiseSuppression: true,
  echoCancellation: true,
  opusStereo: true,
})

export const contentModerationDefaults = () => ({
  postToxicityThreshold: 70,
  imageCategories: [] as string[],
  videoCategories: [] as string[],
})

/** Which community pages guests may see without signing in; admins choose (hub, groups, members, subcommunities). */
export const publicAccessDefaults = () => ({
  hub: false,
  groups: false,
  members: false,
  subcommunities: false,
})

export const directorySettingsDefaults = () => ({
  enabled: false,
  type: 'launcher' as 'launcher' | 'listing',
  position: 'bottom-right' as 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left',
  offsetX: 24,
  offsetY: 24,
  theme: null as string | null,
  pinnedRoomIds: [] as string[],
  selfSignup: false,
})

export const themeBackgroundDefaults = () => ({
  image: null as string | null,
  position: 'center',
  repeat: 'no-repeat',
  size: 'cover',
  attachment: 'scroll',
})

export const logosDefaults = () => ({
  light: null as string | null,
  dark: null as string | null,
  icon: null as string | null,
})

export type PeerSettings = ReturnType<typeof peerSettingsDefaults>
export type ToolbarControls = ReturnType<typeof toolbarControlsDefaults>
export type MediaDefaults = ReturnType<typeof mediaDefaults>
export type ContentModeration = ReturnType<typeof contentModerationDefaults>
export type PublicAccess = ReturnType<typeof publicAccessDefaults>
export type DirectorySettings = ReturnType<typeof directorySettingsDefaults>
export type ThemeBackground = ReturnType<typeof themeBackgroundDefaults>
export type Logos = ReturnType<typeof logosDefaults>
