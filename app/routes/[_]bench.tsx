import { env } from '#app/lib/platform/env.server'

/**
 * The benchmarks' bare route: the document shell around a constant, so tests/bench can tell the
 * framework's cost from the community home's. Outside development it is served only with BENCH=1.
 */
export function loader() {
  if (!env.isDevelopment && env.BENCH !== '1') throw new Response(null, { status: 404 })
  return null
}

export default function Bench() {
  return <main id="main">ok</main>
}
