import type { LoaderFunctionArgs } from '@remix-run/node'
import { MAIN_BRAND_SLUG } from '#models/main-brand'
import { findBrand } from '../communities/brands.server'
import { routeMessages } from '../i18n/page-language.server'
import { env } from '../platform/env.server'

/** /embedded's data: its texts, the site's address for the link hint, and the one page that may frame it (the main brand's embedding page). */
export async function embeddedLoader(args: LoaderFunctionArgs) {
  const main = await findBrand(args.context, MAIN_BRAND_SLUG)
  return {
    messages: await routeMessages(args, 'signup', 'directory'),
    origin: env.PUBLIC_URL,
    embedder: main?.embeddedClientUrl ?? null,
  }
}
