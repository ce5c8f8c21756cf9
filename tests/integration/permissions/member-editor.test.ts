// The permission matrix for the member editor, the new member wizard and the CSV import. From the
// product's rules: "Admin: … adds users, updates … records" and the owner has every permission; managing
// members is neither a member's nor a moderator's; pending, archived and other communities' people
// are refused; nobody signed in is asked to sign in. (The Export row: manage-community-members.)
// That another community's member is not found here is tests/integration/app/lib/members/member-editor.test.ts's.
import { beforeAll } from 'vitest'
import { action as editorAction, loader as editorLoader } from '#app/routes/$brand._community.members.$userId/route'
import { action as wizardAction, loader as wizardLoader } from '#app/routes/$brand._community.members.new/route'
import { action as importAction, loader as importLoader } from '#app/routes/$brand._community.members.import/route'
import { grantRole, makePersonalRoom, makeUser } from '../../support/factories'
import {
  argsAs,
  describeMatrix,
  makeMatrixWorld,
  only,
  type MatrixWorld,
  type Persona,
} from '../../support/permission-matrix'

let world: MatrixWorld
let subjectId: string
beforeAll(async () => {
  world = await makeMatrixWorld()
  const subject = await makeUser({ name: 'Edited Person' })
  await grantRole(subject, world.brand)
  await makePersonalRoom(world.brand, subject, { slug: 'edited-person' })
  subjectId = subject.id
})

const MANAGERS = only(['owner', 'admin'])

/** A POST of these fields (repeated names for arrays) as this persona. */
function postAs(persona: Persona, path: string, params: Record<string, string>, body: URLSearchParams | FormData) {
  return argsAs(world, persona, path, params, { method: 'POST', body })
}

// Bad input on purpose: an allowed persona gets a 400 (the guard passed), nothing is written.
const badEdit = () => new URLSearchParams({ name: 'X', emailAddress: 'nope', roomLink: '' })
const badWizard = () => new URLSearchParams({ name: '', roomLink: '', emailAddress: '', fullName: '' })
const emptyImport = () => {
  const body = new FormData()
  body.set('file', new File([''], 'empty.csv', { type: 'text/csv' }))
  return body
}

const params = () => ({ brand: world.brand.slug })

describeMatrix(
  'member editor, wizard and import',
  [
    {
      name: 'GET /{brand}/members/{userId}',
      run: async (w, persona) =>
        editorLoader(
          await argsAs(w, persona, `/${w.brand.slug}/members/${subjectId}`, { ...params(), userId: subjectId }),
        ),
      expected: MANAGERS,
    },
    {
      name: 'POST /{brand}/members/{userId}',
      run: async (w, persona) =>
        editorAction(
          await postAs(persona, `/${w.brand.slug}/members/${subjectId}`, { ...params(), userId: subjectId }, badEdit()),
        ),
      expected: MANAGERS,
    },
    {
      name: 'GET /{brand}/members/new',
      run: async (w, persona) => wizardLoader(await argsAs(w, persona, `/${w.brand.slug}/members/new`, params())),
      expected: MANAGERS,
    },
    {
      name: 'POST /{brand}/members/new',
      run: async (w, persona) =>
        wizardAction(await postAs(persona, `/${w.brand.slug}/members/new`, params(), badWizard())),
      expected: MANAGERS,
    },
    {
      name: 'GET /{brand}/members/import',
      run: async (w, persona) => importLoader(await argsAs(w, persona, `/${w.brand.slug}/members/import`, params())),
      expected: MANAGERS,
    },
    {
      name: 'POST /{brand}/members/import',
      run: async (w, persona) =>
        importAction(await postAs(persona, `/${w.brand.slug}/members/import`, params(), emptyImport())),
      expected: MANAGERS,
    },
  ],
  () => world,
)
