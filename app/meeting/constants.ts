// The meeting's constants, in one place so the tests and the views agree.

export const PEERS_MAX = 16
export const PEER_MIN_SIZE_PX = 160
export const TILE_GAP_PX = 8
/** Width under which a screen counts as small: the mobile default view and the low receive layer. */
export const SMALL_SCREEN_MAX_WIDTH_PX = 600

export const DEVICE_CHANGE_DEBOUNCE_MS = 500
export const RECONNECT_ATTEMPTS = 5
export const AUTO_ENTER_DELAY_MS = 1000
export const SOUND_VOLUME = 0.5

export const CAMERA_MIN_WIDTH = 1280
export const CAMERA_MIN_HEIGHT = 720
export const VIDEO_FRAME_RATE = 25
export const VIDEO_FRAME_RATE_MAX = 30
export const SCREEN_SHARE_FRAME_RATE = 5
export const ASPECT_RATIO = 16 / 9

/** Receive layers: the tile's width times this decides the spatial layer; small screens cap it at 1. */
export const PREFERRED_LAYER_SCALE = 0.75
export const SMALL_SCREEN_MAX_LAYER = 1

/** Version prefix of everything the meeting keeps in localStorage (storage keys carry a version). */
export const STORAGE_PREFIX = 'hearth.v1.'
