import { data } from '@remix-run/node'
import { simpleStatusPage } from '#app/components/simple-status-page'

const page = simpleStatusPage('communityNotFound')
export const meta = page.meta
export default page.Page

// A not-found page answers 404, so crawlers and monitors see what a person sees.
export const loader = () => data(null, { status: 404 })
