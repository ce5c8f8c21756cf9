/*
 * Hearth's directory on any website (spec community §1–§2: directory launcher and listing,
 * embedding). A site adds, once:
 *
 *   <script src="https://HEARTH/directory-embed.js" data-community="SLUG" async></script>
 *
 * and gets the community's directory in an iframe: a launcher button fixed to a corner of the page
 * that opens the directory panel, or the listing in place of the script, as the community's admins
 * chose. The framed pages say where they are with routeChange messages ({ type: 'routeChange',
 * page, path, brand, placement }); this script places and sizes the frame from them, and the site's
 * own code may listen to the same messages. No request of its own, no cookies, nothing global but
 * the frame.
 */
;(function () {
  var script = document.currentScript
  if (!script || !script.src) return
  var origin = new URL(script.src).origin
  var community = script.getAttribute('data-community')
  if (!community) return

  var base = origin + '/directory/' + encodeURIComponent(community) + '/'
  var frame = document.createElement('iframe')
  frame.title = script.getAttribute('data-title') || 'Directory'
  frame.src = base + 'launcher?embeddable=1'
  // Hidden until the directory says how it is shown; a disabled directory never says so.
  frame.style.cssText = 'border:0;display:none;background:transparent;color-scheme:normal'
  frame.setAttribute('data-hearth-directory', community)

  var SIZES = {
    directoryLauncher: ['min(320px, calc(100vw - 16px))', '64px'],
    directoryWidget: ['min(380px, calc(100vw - 16px))', 'min(560px, calc(100vh - 16px))'],
  }

  function placeLauncher(placement, page) {
    var size = SIZES[page] || SIZES.directoryWidget
    var vertical = placement.position.indexOf('top') === 0 ? 'top' : 'bottom'
    var horizontal = placement.position.slice(-4) === 'left' ? 'left' : 'right'
    var style = frame.style
    style.position = 'fixed'
    style.top = style.bottom = style.left = style.right = 'auto'
    style[vertical] = placement.offsetY + 'px'
    style[horizontal] = placement.offsetX + 'px'
    style.width = size[0]
    style.height = size[1]
    style.zIndex = '2147483000'
    style.display = 'block'
  }

  function placeListing(page) {
    // The listing type shows the rooms where the script stands, not in a corner.
    if (page !== 'directoryListing') {
      frame.src = base + 'listing?embeddable=1'
      return
    }
    var style = frame.style
    style.position = 'static'
    style.width = '100%'
    style.height = script.getAttribute('data-height') || '480px'
    style.display = 'block'
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return
    var data = event.data
    if (!data || data.type !== 'routeChange' || !data.placement) return
    if (data.placement.type === 'listing') placeListing(data.page)
    else placeLauncher(data.placement, data.page)
  })

  function insert() {
    if (script.parentNode && script.parentNode !== document.head) script.parentNode.insertBefore(frame, script)
    else document.body.appendChild(frame)
  }
  if (document.body) insert()
  else document.addEventListener('DOMContentLoaded', insert)
})()
