import { Brand, OutboxMessage, Role, RoleGrant, User } from '#models/index'

/** The developer console's data (/dev, development only): the latest mail and SMS of the dev outbox, and the seeded accounts. */
export async function devConsole() {
  const [outbox, grants] = await Promise.all([
    OutboxMessage.findAll({ order: [['createdAt', 'DESC']], limit: 50 }),
    RoleGrant.findAll({
      include: [
        { model: User, as: 'user', attributes: ['name', 'emailAddress'] },
        { model: Role, as: 'role', attributes: ['slug'] },
        { model: Brand, as: 'brand', attributes: ['name', 'slug'] },
      ],
      order: [['createdAt', 'ASC']],
      limit: 100,
    }),
  ])
  return {
    outbox: outbox.map((message) => ({
      id: message.id,
      createdAt: message.createdAt.toISOString(),
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject,
      code: message.meta.code ?? message.meta.link ?? null,
      status: message.status,
    })),
    accounts: grants.map((grant) => {
      const user = grant.get('user') as User
      const brand = grant.get('brand') as Brand
      return {
        id: grant.id,
        name: user.name,
        emailAddress: user.emailAddress,
        community: brand.name,
        role: (grant.get('role') as Role).slug,
      }
    }),
  }
}
