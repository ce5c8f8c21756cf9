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

/** A modal on the native <dialog> (focus trap and Escape for free): a title, the content, then the buttons. */
export function ModalDialog({
  open,
  title,
  onClose,
  panel,
  children,
  actions,
}: {
  open: boolean
  title: string
  onClose: () => void
  panel?: boolean
  children?: ReactNode
  actions: ReactNode
}) {
  const ref = useModal(open)
  return (
    <dialog
      ref={ref}
      className={panel ? 'meeting-dialog meeting-panel' : 'meeting-dialog'}
      aria-label={title}
      onClose={onClose}
    >
      <h2>{title}</h2>
      {children}
      <div className="meeting-actions">{actions}</div>
    </dialog>
  )
}

/** A modal question with two answers. */
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
  return (
    <ModalDialog
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {cancelLabel}
          </button>
          <button type="button" className={`button ${danger ? 'button-danger' : 'button-primary'}`} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </ModalDialog>
  )
}

/** A modal panel with a title and a close button (settings, peer stats). */
export function PanelDialog({
  open,
  title,
  closeLabel,
  onClose,
  children,
}: {
  open: boolean
  title: string
  closeLabel: string
  onClose: () => void
  children: ReactNode
}) {
  return (
    <ModalDialog
      open={open}
      title={title}
      onClose={onClose}
      panel
      actions={
        <button type="button" className="button" onClick={onClose}>
          {closeLabel}
        </button>
      }
    >
      {children}
    </ModalDialog>
  )
}
