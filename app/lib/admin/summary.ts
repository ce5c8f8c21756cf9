// The admin summary's columns (browser-safe): the statuses people and rooms are counted by, in the order shown.
export const PEOPLE_STATUSES = ['pending', 'active', 'rejected', 'deleted'] as const
export const ROOM_STATUSES = ['pending', 'active', 'archived', 'deleted'] as const
