import { createContext, useContext, useSyncExternalStore } from 'react'
import type { PeerMedia } from '../remote-media'
import type { Meeting, MeetingConfig } from '../use-meeting'

export const MeetingContext = createContext<{ meeting: Meeting; config: MeetingConfig } | null>(null)

export function useMeetingContext() {
  const value = useContext(MeetingContext)
  if (!value) throw new Error('useMeetingContext outside MeetingApp')
  return value
}

const NONE: PeerMedia = Object.freeze({})
const noSubscription = () => () => undefined

/** A remote peer's tracks, re-rendering when they change. */
export function usePeerMedia(peerId: string): PeerMedia {
  const { meeting } = useMeetingContext()
  const remote = meeting.session?.remote
  return useSyncExternalStore(
    remote?.subscribe ?? noSubscription,
    () => remote?.get(peerId) ?? NONE,
    () => NONE,
  )
}
