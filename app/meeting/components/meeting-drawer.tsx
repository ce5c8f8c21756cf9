import type { ReactNode } from 'react'

/**
 * A drawer beside the meeting's stage (the chat, the hosts' breakout rooms and meeting log): its title and close
 * button, then what it holds. One is open at a time (meeting-view.tsx); meeting.css lays them out alike.
 */
export function MeetingDrawer({
  name,
  title,
  closeLabel,
  onClose,
  children,
}: {
  name: 'chat' | 'breakouts' | 'log'
  title: string
  closeLabel: string
  onClose: () => void
  children: ReactNode
}) {
  const titleId = `meeting-${name}-title`
  return (
    <aside className={`meeting-drawer meeting-${name}`} aria-labelledby={titleId}>
      <div className="meeting-drawer-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button button-small" onClick={onClose}>
          {closeLabel}
        </button>
      </div>
      {children}
    </aside>
  )
}
