/** The message an action left for this page (lib/http/flash.server.ts): a status line, announced to screen readers. */
export function FlashMessage({ flash }: { flash: { kind: 'success' | 'error'; text: string } }) {
  return (
    <p
      className={`flash notice ${flash.kind === 'error' ? 'notice-error' : 'notice-success'}`}
      role={flash.kind === 'error' ? 'alert' : 'status'}
    >
      {flash.text}
    </p>
  )
}
