import type { LoaderFunctionArgs } from '@remix-run/node'
import { communityNotFoundPage } from '#app/components/community-not-found-page'
import { communityNotFound } from '#app/lib/communities/community-status.server'

// The product's brandGroupNotFound: where a group link that leads nowhere in this community ends.
const page = communityNotFoundPage('groupNotFound')
export const meta = page.meta
export default page.Page
export const loader = (args: LoaderFunctionArgs) => communityNotFound(args)
