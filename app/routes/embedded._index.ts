import { redirect } from '@remix-run/node'

// /embedded itself is the claim.
export const loader = () => redirect('/embedded/claim')
