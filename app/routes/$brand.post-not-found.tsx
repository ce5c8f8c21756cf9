import type { LoaderFunctionArgs } from '@remix-run/node'
import { communityNotFoundPage } from '#app/components/community-not-found-page'
import { communityNotFound } from '#app/lib/communities/community-status.server'

// The product's brandRoomPostNotFound: where a post link that leads nowhere in this community ends.
const page = communityNotFoundPage('postNotFound')
export const meta = page.meta
export default page.Page
export const loader = (args: LoaderFunctionArgs) => communityNotFound(args)
