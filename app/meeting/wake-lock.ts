// Keeps the screen on while I am in the meeting. Failures are only logged: a browser
// without the Wake Lock API, or a hidden tab, simply lets the screen sleep.

type Sentinel = { release(): Promise<void> }

export function holdScreenWakeLock(): () => void {
  let sentinel: Sentinel | null = null
  let released = false
  const nav =
    typeof navigator === 'undefined'
      ? null
      : (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<Sentinel> } })
  const acquire = () => {
    if (released || !nav?.wakeLock || document.visibilityState !== 'visible') return
    nav.wakeLock
      .request('screen')
      .then((lock) => {
        if (released) void lock.release()
        else sentinel = lock
      })
      .catch((error: unknown) => console.warn('screen wake lock failed', error))
  }
  // The browser drops the lock when the tab is hidden; take it again when it comes back.
  const onVisibility = () => acquire()
  document.addEventListener('visibilitychange', onVisibility)
  acquire()
  return () => {
    released = true
    document.removeEventListener('visibilitychange', onVisibility)
    void sentinel?.release().catch(() => undefined)
  }
}
