import { simpleStatusPage } from '#app/components/simple-status-page'

const page = simpleStatusPage('thanks')
export const meta = page.meta
export default page.Page
