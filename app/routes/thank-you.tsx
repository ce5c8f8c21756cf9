import { simpleStatusPage } from '#app/components/simple-status-page'

const page = simpleStatusPage('thankYou')
export const meta = page.meta
export default page.Page
