import { createContext, useContext, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

// The meeting's brief notices (muted by the host, a recording saved, a stream ended…) come from
// different components; they render into one stack above the toolbar, so two at once sit one above
// the other instead of on top of each other.
const StackContext = createContext<HTMLElement | null>(null)

export function NoticeStack({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<HTMLDivElement | null>(null)
  return (
    <StackContext.Provider value={stack}>
      {children}
      <div ref={setStack} className="meeting-notices" />
    </StackContext.Provider>
  )
}

export function Notice({ children, className }: { children: ReactNode; className?: string }) {
  const stack = useContext(StackContext)
  if (!stack) return null
  return createPortal(
    <p className={className ? `meeting-notice ${className}` : 'meeting-notice'} role="status">
      {children}
    </p>,
    stack,
  )
}
