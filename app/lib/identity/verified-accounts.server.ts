import { UniqueConstraintError, type Transaction } from 'sequelize'
import { User } from '#models/index'

/** The email address got an account between sending the code and using it. */
export class AccountExists extends Error {
  constructor() {
    super('user.exists')
  }
}

/**
 * The account of a person who has just proved their email address (and, where asked, their mobile
 * phone in E.164) with a code: verified, in the language they signed up in. The unique email and
 * phone indexes settle two sign-ups racing.
 */
export async function createVerifiedUser(
  input: { fullName: string; emailAddress: string; phoneNumber?: string | null; language?: string | null },
  transaction: Transaction,
): Promise<User> {
  try {
    return await User.create(
      {
        name: input.fullName,
        emailAddress: input.emailAddress,
        phoneNumber: input.phoneNumber ?? null,
        verified: true,
        preferredLanguage: input.language ?? null,
      },
      { transaction },
    )
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw new AccountExists()
    throw error
  }
}

/** The person behind a proven address: their account, or a new verified one (a race ends at the account that won). */
export async function findOrCreateVerifiedUser(input: {
  fullName: string
  emailAddress: string
  language?: string | null
}): Promise<User> {
  const existing = await User.findOne({ where: { emailAddress: input.emailAddress } })
  if (existing) return existing
  try {
    return await User.sequelize!.transaction((transaction) => createVerifiedUser(input, transaction))
  } catch (error) {
    if (!(error instanceof AccountExists)) throw error
    return (await User.findOne({ where: { emailAddress: input.emailAddress } }))!
  }
}
