import type { LoaderFunctionArgs } from '@remix-run/node'
import { toSitePage } from '#app/lib/communities/community-redirects.server'

export const loader = (args: LoaderFunctionArgs) => toSitePage(args, '/private')
