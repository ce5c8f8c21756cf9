import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary'
import type { EmbeddingHandle } from '#app/lib/embedding/route-change'
import { pageTitle } from '#app/lib/http/meta'
import { useNonce } from '#app/lib/platform/nonce'
import { directoryLayoutLoader } from './directory.server'
import { directoryStyles } from '#app/styles/stylesheets'

export const links = directoryStyles

type Data = Awaited<ReturnType<typeof directoryLayoutLoader>>

// /directory/{brand}: the community's room directory (launcher, listing, page, widget).
// Framed only by the community's own site; every page tells that site where the launcher goes.
export const handle: EmbeddingHandle & { frameAncestors: (data: unknown) => string[] } = {
  frameAncestors: (data) => ((data as Data | undefined)?.embedder ? [(data as Data).embedder!] : []),
  embeddingDetails: (data) => ({ placement: (data as Data | undefined)?.placement ?? null }),
}

export const loader = (args: LoaderFunctionArgs) => directoryLayoutLoader(args)
export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'directory:title')

export default function DirectoryLayout() {
  const { themeStyle } = useLoaderData<typeof loader>()
  const nonce = useNonce()
  return (
    <>
      {themeStyle ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: themeStyle }} /> : null}
      <Outlet />
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
