/** Where a host manages one of their personal rooms (app/routes/me.rooms.$brand.$room). */
export const ownRoomUrl = (brandSlug: string, roomSlug: string) => `/me/rooms/${brandSlug}/${roomSlug}`
