// A community of one notifications test's own: its hub (copied from the demo's, so members can
// post), and two members, Ann and Ben.
import { Room } from '#models/index'
import { newId } from '../../models/ids'
import { addPerson, copyRow, demoCommunity, makeCommunity } from './support'

export async function makeNotificationsCommunity(suffix: string) {
  const slug = `notify-${suffix}`
  const hubId = newId()
  const brandId = await makeCommunity(slug, `Notify ${suffix}`, { topLevelRoomId: hubId })
  await copyRow(
    Room,
    { id: (await demoCommunity()).topLevelRoomId! },
    { id: hubId, brandId, slug: `hub-${suffix}`, name: 'Notify Hub', hostId: null, coHosts: [], members: [] },
  )
  const person = async (name: string) => {
    const emailAddress = `${name.toLowerCase().replace(/\s+/g, '.')}.${suffix}@notify.hearth.test`
    await addPerson(brandId, { name, emailAddress })
    return { name, emailAddress }
  }
  return { slug, brandId, ann: await person('Ann Author'), ben: await person('Ben Commenter') }
}
