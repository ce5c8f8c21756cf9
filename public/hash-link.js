// An old hash link (/#/x) lands on / with the path in the fragment, which never reaches the server.
if (location.hash.indexOf('#/') === 0) location.replace(location.hash.slice(1))
