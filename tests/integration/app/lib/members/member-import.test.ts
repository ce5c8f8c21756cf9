// CSV user import (imported users start as pending): the route's real action with
// multipart uploads; every row reported, good rows imported whole, bad files refused with a 400.
import { beforeAll, describe, expect, it } from 'vitest'
import { MemberInvitation, Membership, RoleGrant, User, type Brand } from '#models/index'
import { communityRolesOf } from '#models/members'
import { action, loader } from '#app/routes/$brand._community.members.import/route'
import type { ImportActionData } from '#app/routes/$brand._community.members.import/member-import.server'
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '#app/lib/members/member.schema'
import { readCsv } from '#app/lib/members/member-import.server'
import { grantRole, makeCommunity, makeUser } from '#tests/support/factories'
import { routeArgs } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

let brand: Brand
let adminCookie: string
let ownerCookie: string

beforeAll(async () => {
  const community = await makeCommunity()
  brand = community.brand
  const admin = await makeUser()
  await grantRole(admin, brand, 'community-admin')
  adminCookie = await signedInCookie(admin.id)
  ownerCookie = await signedInCookie(community.owner.id)
})

function upload(file: File | null, cookie = adminCookie) {
  const body = new FormData()
  if (file) body.set('file', file)
  return action(
    routeArgs(
      `/${brand.slug}/members/import`,
      { brand: brand.slug },
      { method: 'POST', body, headers: { Cookie: cookie } },
    ),
  )
}
const csv = (text: string, name = 'people.csv', type = 'text/csv') => new File([text], name, { type })

async function result(file: File | null, cookie?: string) {
  const returned = await upload(file, cookie)
  return { status: initOf(returned).status, body: unwrap(returned) as unknown as ImportActionData }
}

describe('CSV import', () => {
  it('loads for an admin with its limits', async () => {
    const page = unwrap(
      await loader(
        routeArgs(`/${brand.slug}/members/import`, { brand: brand.slug }, { headers: { Cookie: adminCookie } }),
      ),
    )
    expect(page).toMatchObject({ maxRows: IMPORT_MAX_ROWS, maxKilobytes: IMPORT_MAX_BYTES / 1024 })
  })

  it('imports the good rows as pending members and reports each bad one with its reason', async () => {
    const member = await makeUser({ emailAddress: 'already@example.com' })
    await grantRole(member, brand)
    const outsider = await makeUser({ name: 'Outside Account', emailAddress: 'outside@example.com' })
    const phoneOwner = await makeUser({ phoneNumber: '+14155550199' })
    const { status, body } = await result(
      csv(
        [
          'Full Name,Email Address,Phone Number,Roles',
          'Grace Hopper, Grace@Example.com ,(415) 555-0132,',
          'Alan Turing,alan@example.com,,community-moderator;community-member',
          'X,x@example.com,,',
          'Prince,prince@example.com,,',
          'Bad Email,not-an-email,,',
          'Bad Phone,badphone@example.com,123,',
          'Grace Again,grace@example.com,,',
          'Already Here,already@example.com,,',
          'Owner Wannabe,wannabe@example.com,,community-owner',
          'Role Typo,typo@example.com,,community-wizard',
          'Phone Thief,thief@example.com,4155550199,',
          'Outside Account,OUTSIDE@example.com,,',
          ',,,',
        ].join('\r\n'),
      ),
    )
    expect(status).toBe(200)
    const report = body.report!
    const byLine = Object.fromEntries(
      report.rows.map((row) => [row.line, row.imported ? 'imported' : row.invited ? 'invited' : row.reasons.join(' ')]),
    )
    expect(byLine).toEqual({
      2: 'imported',
      3: 'imported',
      4: 'members:editor.errors.nameTooShort',
      5: 'members:editor.errors.nameFull',
      6: 'members:editor.errors.emailInvalid',
      7: 'members:editor.errors.phoneInvalid',
      8: 'members:import.reasons.duplicate',
      9: 'members:import.reasons.alreadyMember',
      10: 'members:editor.errors.roleNotAllowed',
      11: 'members:import.reasons.roleUnknown',
      12: 'members:editor.errors.phoneTaken',
      13: 'invited',
    })
    expect(report.rows.find((row) => row.line === 11)?.roleLabel).toBe('community-wizard')
    expect(report).toMatchObject({ imported: 2, invited: 1, refused: 9 })

    const grace = await User.findOne({ where: { emailAddress: 'grace@example.com' }, rejectOnEmpty: true })
    expect(grace).toMatchObject({ name: 'Grace Hopper', phoneNumber: '+14155550132' })
    expect(await Membership.findOne({ where: { brandId: brand.id, userId: grace.id } })).toMatchObject({
      status: 'pending',
      source: 'import',
    })
    expect(await communityRolesOf(grace.id, brand.id)).toEqual(['community-member'])
    const alan = await User.findOne({ where: { emailAddress: 'alan@example.com' }, rejectOnEmpty: true })
    expect((await communityRolesOf(alan.id, brand.id)).sort()).toEqual(['community-member', 'community-moderator'])
    // An existing account is kept as it is and invited: it joins (pending, as imports do) only if its person accepts.
    expect((await outsider.reload()).name).toBe('Outside Account')
    expect(await Membership.count({ where: { brandId: brand.id, userId: outsider.id } })).toBe(0)
    expect(await MemberInvitation.findOne({ where: { brandId: brand.id, userId: outsider.id } })).toMatchObject({
      kind: 'member',
      offer: { status: 'pending', source: 'import' },
    })
    // Refused rows leave nothing behind.
    for (const email of [
      'x@example.com',
      'prince@example.com',
      'badphone@example.com',
      'wannabe@example.com',
      'typo@example.com',
      'thief@example.com',
    ]) {
      expect(await User.count({ where: { emailAddress: email } }), email).toBe(0)
    }
    expect((await phoneOwner.reload()).phoneNumber).toBe('+14155550199')
  })

  it('writes each row whole or not at all: a row that fails on write leaves no account behind', async () => {
    const before = await User.count()
    const grants = await RoleGrant.count()
    // The pending user's row would create an account, then addMember fails on a role the catalogue lacks.
    const { Role } = await import('#models/index')
    const viewer = await Role.findOne({ where: { slug: 'community-viewer' }, rejectOnEmpty: true })
    await viewer.update({ slug: 'community-viewer-gone' })
    try {
      const { body } = await result(
        csv(
          'fullName,emailAddress,roles\nHalf Made,half@example.com,community-viewer\nWhole Person,whole@example.com,',
        ),
      )
      expect(body.report!.rows.map((row) => row.imported)).toEqual([false, true])
      expect(body.report!.rows[0]!.reasons).toEqual(['members:import.reasons.notSaved'])
    } finally {
      await viewer.update({ slug: 'community-viewer' })
    }
    expect(await User.count({ where: { emailAddress: 'half@example.com' } })).toBe(0)
    expect(await User.count()).toBe(before + 1)
    expect(await RoleGrant.count()).toBe(grants + 1)
  })

  it('an owner may import owners', async () => {
    const { body } = await result(
      csv('fullName,emailAddress,roles\nNew Owner,new-owner@example.com,community-owner'),
      ownerCookie,
    )
    expect(body.report!.imported).toBe(1)
  })

  it('refuses a file that is not CSV, has no header row, is empty, too long or too large: 400, nothing written', async () => {
    const before = await User.count()
    const cases: Array<[File | null, string]> = [
      [null, 'members:import.errors.fileRequired'],
      [csv('', 'people.csv'), 'members:import.errors.empty'],
      [csv('\n\n  \n'), 'members:import.errors.empty'],
      [csv('fullName,emailAddress\n'), 'members:import.errors.empty'],
      [csv('Grace Hopper,grace2@example.com\nAlan Turing,alan2@example.com'), 'members:import.errors.noHeader'],
      [
        csv(
          'fullName,emailAddress\nA B,a@b.co',
          'people.xlsx',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        ),
        'members:import.errors.notCsv',
      ],
      [csv('fullName,emailAddress\nA B,a@b.co', 'people.csv', 'image/png'), 'members:import.errors.notCsv'],
      [
        new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe])], 'picture.csv', { type: 'text/csv' }),
        'members:import.errors.notCsv',
      ],
      [csv('fullName,emailAddress\n"Unclosed quote,a@b.co\n'), 'members:import.errors.notCsv'],
      [
        csv(
          [
            'fullName,emailAddress',
            ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `Person ${i} Row,p${i}@example.com`),
          ].join('\n'),
        ),
        'members:import.errors.tooManyRows',
      ],
      [csv('fullName,emailAddress\n' + 'x'.repeat(IMPORT_MAX_BYTES + 10)), 'members:import.errors.tooLarge'],
    ]
    for (const [file, problem] of cases) {
      const { status, body } = await result(file)
      expect(status, file?.name).toBe(400)
      expect(body.problem, problem).toBe(problem)
    }
    expect(await User.count()).toBe(before)
  })

  it('reads exactly IMPORT_MAX_ROWS rows (the boundary) and a byte-order mark', () => {
    const rows = readCsv(
      new TextEncoder().encode(
        ['\uFEFFfullName,emailAddress', ...Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => `P ${i},p${i}@x.co`)].join(
          '\n',
        ),
      ),
    )
    expect(rows).toHaveLength(IMPORT_MAX_ROWS)
    expect(rows[0]).toEqual({ line: 2, cells: { fullName: 'P 0', emailAddress: 'p0@x.co' } })
  })
})
