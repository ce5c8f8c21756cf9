/**
 * Work shared by the loaders of one request (root and a child both need the community, say).
 * Remix runs them in parallel with the same load context, so the promise is kept there.
 */
export type RequestCache = Map<string, Promise<unknown>>

export function once<T>(context: { cache: RequestCache }, key: string, load: () => Promise<T>): Promise<T> {
  let pending = context.cache.get(key) as Promise<T> | undefined
  if (!pending) {
    pending = load()
    context.cache.set(key, pending)
  }
  return pending
}
