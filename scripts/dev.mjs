// npm run dev: the quickstart (build, migrate, seed, web + edge) in development mode, set explicitly:
// an unset NODE_ENV means production, which requires the secrets and hides the developer console.
process.env.NODE_ENV = 'development'
await import('./quickstart.mjs')
