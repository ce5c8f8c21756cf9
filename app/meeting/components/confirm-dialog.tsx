import { useEffect, useRef, type ReactNode } from 'react'

/** A native <dialog> shown as a modal while `open` is true. */
function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return ref
}

/** A modal question with two answers, on the native <dialog> (focus trap and Escape for free). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  danger,
}: {
  open: boolean
  title: string
  children?: ReactNode
  confirmLabel: string
  cancelLabel: string
  onConfirm: () => void
  onClose: () => void
  danger?: boolean
}) {
  const ref = useModal(open)
  return (
    <dialog ref={ref} className="meeting-dialog" aria-label={title} onClose={onClose}>
      <h2>{title}</h2>
      {children}
      <div className="meeting-actions">
        <button type="button" className="button" onClick={onClose}>
          {cancelLabel}
        </button>
        <button type="button" className={`button ${danger ? 'button-danger' : 'button-primary'}`} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  )
}

/** A modal panel with a title and a close button (settings, peer stats). */
export function PanelDialog({ open, title, closeLabel, onClose, children }: { open: boolean; title: string; closeLabel: string; onClose: () => void; children: ReactNode }) {
  const ref = useModal(open)
  return (
    <dialog ref={ref} className="meeting-dialog meeting-panel" aria-label={title} onClose={onClose}>
      <h2>{title}</h2>
      {children}
      <div className="meeting-actions">
        <button type="button" className="button" onClick={onClose}>
          {closeLabel}
        </button>
      </div>
    </dialog>
  )
}
