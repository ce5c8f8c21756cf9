import { redirect, type LoaderFunctionArgs } from '@remix-run/node'

// /directory/{brand} itself opens the directory's full page (the layout has checked it is there).
export function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  return redirect(`/directory/${encodeURIComponent(params.brand ?? '')}/page${url.search}`)
}
