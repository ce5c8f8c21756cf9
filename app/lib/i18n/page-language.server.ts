import type { AppLoadContext, LoaderFunctionArgs } from '@remix-run/node'
import { findBrand } from '../communities/brands.server'
import type { Messages, RouteNamespace } from './i18n'
import { resolveLanguage, routeMessagesFor } from './i18n.server'
import { logger } from '../platform/logger.server'
import { once } from '../platform/request-cache.server'
import { viewer } from '../http/session.server'

type PageArgs = Pick<LoaderFunctionArgs, 'request' | 'params'> & { context: AppLoadContext }

/**
 * The language a page renders in: the community's own, else the signed-in person's choice, else
 * the browser's. Root and the page's route ask once per request, so their texts always agree.
 */
export function pageLanguage({ request, params, context }: PageArgs) {
  return once(context, 'page-language', async () => {
    const brand = await pageCommunity({ params, context })
    const { user } = await viewer(request, context)
    return resolveLanguage(request, {
      communityLanguage: brand?.communityLanguage,
      preferredLanguage: user?.preferredLanguage,
    })
  })
}

/**
 * The community the address names, for the shell (colours, language). The shell must render even
 * when the community cannot be read: the page's own loader reports that, so here it is only logged.
 */
export function pageCommunity({ params, context }: Pick<PageArgs, 'params' | 'context'>) {
  return once(context, 'page-community', () =>
    findBrand(context, params.brand).catch((error: unknown) => {
      logger.error({ err: error }, 'community lookup failed')
      return null
    }),
  )
}

/** A route's own namespaces in the page's language, for its loader's `messages` (see RouteNamespace). */
export async function routeMessages<N extends RouteNamespace>(
  args: PageArgs,
  ...namespaces: N[]
): Promise<Pick<Messages, N>> {
  return routeMessagesFor(await pageLanguage(args), ...namespaces)
}
