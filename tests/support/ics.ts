// A calendar file read the way strict calendars read it: ical.js (the parser behind many web and
// desktop calendars) throws on anything RFC 5545 does not allow, such as an ORGANIZER without an
// address. Returns the one event's properties, as text.
import ICAL from 'ical.js'

export function parseInvitation(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const events = calendar.getAllSubcomponents('vevent')
  if (events.length !== 1) throw new Error(`expected one VEVENT, found ${events.length}`)
  const event = events[0]!
  const value = (name: string) => {
    const property = event.getFirstProperty(name)
    // Dates come back as ICAL.Time, written as ISO 8601 (2099-06-01T12:00:00Z).
    return property ? String(property.getFirstValue()) : undefined
  }
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: value('uid'),
    summary: value('summary'),
    url: value('url'),
    start: value('dtstart'),
    end: value('dtend'),
    organizer: value('organizer'),
    organizerName: event.getFirstProperty('organizer')?.getParameter('cn'),
  }
}
