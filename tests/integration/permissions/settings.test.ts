// The permission matrix for the settings panel (admins update settings; owners have every
// permission; manage-community guards the panel) and the public install page (a public route).
// Written from the product's role table (docs/admin-guide.md#roles-and-permissions), not from the code.
import { beforeAll } from 'vitest'
import { action as settingsAction, loader as settingsLoader } from '#app/routes/$brand._community.settings._index/route'
import { action as themeAction, loader as themeLoader } from '#app/routes/$brand._community.settings.theme/route'
import { action as installAction, loader as installLoader } from '#app/routes/$brand._community.settings.install/route'
import {
  action as languageAction,
  loader as languageLoader,
} from '#app/routes/$brand._community.settings.language/route'
import { action as signUpAction, loader as signUpLoader } from '#app/routes/$brand._community.settings.sign-up/route'
import { loader as panelLoader } from '#app/routes/$brand._community.settings'
import { loader as signupQrLoader } from '#app/routes/resources.signup-qr.$brand'
import { action as renewCall } from '#app/routes/api.brand.sign-up-link.$id'
import { loader as publicInstallLoader } from '#app/routes/$brand.install'
import {
  argsAs,
  describeMatrix,
  everyone,
  makeMatrixWorld,
  only,
  type MatrixRow,
  type MatrixWorld,
  refusedAsThrown,
  type Persona,
} from '../../support/permission-matrix'

let world: MatrixWorld
beforeAll(async () => {
  world = await makeMatrixWorld()
})

const ADMINS = ['owner', 'admin'] as const

type Route = (args: Awaited<ReturnType<typeof argsAs>>) => Promise<unknown>

const get = (path: string, loader: Route): MatrixRow => ({
  name: `GET /{brand}${path}`,
  run: async (w: MatrixWorld, persona: Persona) =>
    loader(await argsAs(w, persona, `/${w.brand.slug}${path}`, { brand: w.brand.slug })),
  expected: only(ADMINS),
})

// A POST with bad input: a passed guard answers 400 (allowed), so no test changes the community.
const post = (path: string, action: Route, intent: string): MatrixRow => ({
  name: `POST /{brand}${path}`,
  run: async (w: MatrixWorld, persona: Persona) =>
    action(
      await argsAs(
        w,
        persona,
        `/${w.brand.slug}${path}`,
        { brand: w.brand.slug },
        { method: 'POST', body: new URLSearchParams({ intent }) },
      ),
    ),
  expected: only(ADMINS),
})

describeMatrix(
  'settings panel',
  [
    get('/settings', panelLoader),
    get('/settings', settingsLoader),
    post('/settings', settingsAction, 'settings'),
    get('/settings/sign-up', signUpLoader),
    post('/settings/sign-up', signUpAction, 'sign-up'),
    get('/settings/theme', themeLoader),
    post('/settings/theme', themeAction, 'theme'),
    // The logo's forms share the theme tab's action: no file is a 400, and removing no logo changes nothing.
    { ...post('/settings/theme', themeAction, 'logo'), name: 'POST /{brand}/settings/theme (logo)' },
    { ...post('/settings/theme', themeAction, 'removeLogo'), name: 'POST /{brand}/settings/theme (removeLogo)' },
    get('/settings/install', installLoader),
    post('/settings/install', installAction, 'install'),
    get('/settings/language', languageLoader),
    post('/settings/language', languageAction, 'language'),
    {
      name: 'GET /resources/signup-qr/{brand}',
      run: async (w, persona) =>
        signupQrLoader(await argsAs(w, persona, `/resources/signup-qr/${w.brand.slug}`, { brand: w.brand.slug })),
      expected: only(ADMINS),
    },
    {
      // Allowed renews the matrix community's link, which no other row uses.
      name: 'PUT /api/brand/sign-up-link/{id}',
      run: async (w, persona) =>
        refusedAsThrown(
          await renewCall(
            await argsAs(w, persona, `/api/brand/sign-up-link/${w.brand.id}`, { id: w.brand.id }, { method: 'PUT' }),
          ),
        ),
      expected: only(ADMINS),
    },
  ],
  () => world,
)

describeMatrix(
  'public install page',
  [
    {
      name: 'GET /{brand}/install',
      run: async (w, persona) =>
        publicInstallLoader(await argsAs(w, persona, `/${w.brand.slug}/install`, { brand: w.brand.slug })),
      expected: everyone('allowed'),
    },
  ],
  () => world,
)
