import { Room, type User } from '#models/index'
import { removeAvatar } from './avatars.server'

/**
 * Deletes a person's account, as they asked in their settings. Their personal rooms go with them;
 * other rooms they hosted lose the host (hostId SET NULL), and role grants and magic links go by
 * ON DELETE CASCADE. The stored avatar is removed once the rows are gone.
 */
export async function deleteAccount(user: User) {
  const avatar = user.avatar
  await user.sequelize.transaction(async (transaction) => {
    await Room.destroy({ where: { hostId: user.id, context: 'personal' }, transaction })
    await user.destroy({ transaction })
  })
  await removeAvatar(avatar)
}
