// ESLint (flat config). `npm run lint` runs it with stylelint; CONTRIBUTING.md says what to do with an error.
import { readdirSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const root = (path) => fileURLToPath(new URL(path, import.meta.url))

// ── The direction of imports (docs/decisions/0001-layout-by-concern.md) ──────────────────────────────
// These were the cases of tests/unit/architecture/import-rules.test.ts. The zones below are checked on
// resolved paths, so an alias (#app/…) and a relative path (../app/…) are the same import, and they
// count type-only imports too: none crosses these lines, and a type from another layer ties the code
// to it as surely as a value does.

/** A route is one entry of app/routes/: a folder (its files belong to it) or a file. */
const routes = readdirSync(root('./app/routes'))
/** minimatch reads [ and ] as a class: route files such as [_]bench.tsx match themselves only escaped. */
const literalGlob = (path) => path.replace(/[[\]]/g, (bracket) => `[${bracket}]`)
const routeZones = routes.map((entry) => {
  const folder = statSync(root(`./app/routes/${entry}`)).isDirectory()
  const target = /[[\]]/.test(entry)
    ? literalGlob(`app/routes/${entry}`) + (folder ? '/**' : '')
    : `app/routes/${entry}`
  return {
    target,
    from: 'app/routes',
    except: [`./${entry}`],
    message: 'A route never imports another route: move what both need to app/lib or app/components.',
  }
})

const layerZones = [
  {
    target: 'models',
    from: ['app', 'media-edge'],
    message: 'models/ imports neither the web app nor the edge.',
  },
  {
    target: 'app',
    from: 'media-edge',
    except: ['./contract', './shared'],
    message:
      'The web app reaches the edge only through media-edge/contract/ and the code both run (media-edge/shared/).',
  },
  { target: 'media-edge', from: 'app', message: 'The edge never imports the web app.' },
  {
    target: 'media-edge/contract',
    from: 'media-edge',
    except: ['./contract'],
    message: 'The edge contract stands alone: it imports nothing else of the edge.',
  },
  {
    target: 'media-edge/shared',
    from: 'media-edge',
    except: ['./contract', './shared'],
    message: 'The code the edge shares with the web app imports nothing of the edge but the contract.',
  },
  {
    target: ['app/lib', 'app/components', 'app/meeting', 'models'],
    from: 'app/routes',
    message: 'No lower layer imports a route.',
  },
  ...routeZones,
]

// Two rules are about what a browser bundle may hold, and there types are fine (they are erased before
// the bundle is built), so they go by the import as written: allowTypeImports for static imports, and
// any dynamic import() (it has no type-only form). \x2f is /, which would end the regular expression
// in the selector.
const MODELS = String.raw`^#models\x2f|^(\.\.\x2f)+models\x2f`
const SERVER_MODULE = String.raw`\.server$|${MODELS}`
const refuseImports = (regex, message) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    { patterns: [{ regex, allowTypeImports: true, message: `${message} A type-only import is fine.` }] },
  ],
  'no-restricted-syntax': ['error', { selector: `ImportExpression[source.value=/${regex}/]`, message }],
})
const browserCode = {
  // Everything of app/lib, app/components and app/meeting but the *.server files.
  files: ['app/lib/**', 'app/components/**', 'app/meeting/**'],
  ignores: ['**/*.server.ts', '**/*.server.tsx'],
  rules: refuseImports(SERVER_MODULE, 'Browser code imports no server module (*.server, models/).'),
}
const routeModules = {
  // The browser build drops .server modules, not models/.
  files: ['app/routes/**'],
  ignores: ['**/*.server.ts', '**/*.server.tsx'],
  rules: refuseImports(MODELS, 'A route module reaches the models only through a .server module.'),
}

export default defineConfig(
  {
    ignores: ['build/', 'public/build/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/', '.cache/'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.{js,mjs,cjs,jsx,ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      // The app runs in both (SSR and the browser), the scripts and tests in Node.
      globals: { ...globals.browser, ...globals.node },
    },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs,jsx,ts,tsx}'],
    ...react.configs.flat.recommended,
  },
  {
    files: ['**/*.{js,mjs,cjs,jsx,ts,tsx}'],
    ...react.configs.flat['jsx-runtime'],
  },
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      react: { version: 'detect' },
      // tsconfig.json's paths (#app/*, #models/*, …) are where the aliases are defined.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.node'],
          conditionNames: ['types', 'import', 'require', 'node', 'default'],
          tsconfig: { configFile: root('./tsconfig.json') },
        }),
      ],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',

      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layerZones, basePath: root('.') }],
      // import-x/no-cycle is left out: it found no cycle and doubles the run (17 s → 35-40 s on 2 cores).
      // Type-aware linting is left out too: recommendedTypeChecked took 128 s and 3 GB here.

      // `import type` for what only types use. `typeof import('x')` stays allowed: it sits beside the
      // dynamic imports of modules that must load after something else is set (the tests' environment,
      // mediasoup's MEDIASOUP_WORKER_BIN), and it is erased like `import type`.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', disallowTypeAnnotations: false },
      ],

      // An empty interface that extends one is how a library's type grows by declaration merging
      // (vitest's Matchers in tests/support/matchers.ts).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],

      // Off: Prettier (semi: false) owns line breaks and writes a computed call on its own line
      // (`sharp(…)\n[format]()`); a real statement boundary it marks with a leading `;`.
      'no-unexpected-multiline': 'off',

      // rel="noopener" is the house form: it cuts window.opener (the risk this rule is about) and keeps
      // the referrer on these same-site links.
      'react/jsx-no-target-blank': ['error', { allowReferrer: true }],
      // A scrolling table's wrapper is a named region with tabIndex={0}, so a keyboard can scroll it
      // (axe's scrollable-region-focusable, which the e2e page scans run).
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],

      // Deliberately unused names start with _ (the same as tsc's noUnusedParameters), and a rest
      // sibling is how the code drops a property from a copy.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['tests/**'],
    rules: {
      // Tests read JSON bodies and loader data whose shape each test asserts with expect: `any` there
      // is what Response.json() gives, and a type per answer would only repeat the assertion.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['tests/e2e/**', 'tests/rehearsal/**'],
    rules: {
      // Playwright reads a hook's fixtures from its first parameter and requires a pattern: ({}, testInfo).
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  browserCode,
  routeModules,
)
