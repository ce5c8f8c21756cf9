import { Link } from '@remix-run/react'

/**
 * A listing page's tabs (members, groups, tags, events, media): each a link to its own address, the
 * current one marked for screen readers, with its count when the page has one.
 */
export function ListingTabs<Tab extends string>({
  label,
  tabs,
  current,
  href,
  name,
  counts,
}: {
  label: string
  tabs: readonly Tab[]
  current: Tab
  href: (tab: Tab) => string
  name: (tab: Tab) => string
  counts?: Record<Tab, number>
}) {
  return (
    <nav aria-label={label} className="members-tabs">
      {tabs.map((tab) => (
        <Link
          key={tab}
          to={href(tab)}
          className={tab === current ? 'nav-link active' : 'nav-link'}
          aria-current={tab === current ? 'page' : undefined}
        >
          {name(tab)}
          {counts ? (
            <>
              {' '}
              <span className="badge">{counts[tab]}</span>
            </>
          ) : null}
        </Link>
      ))}
    </nav>
  )
}
