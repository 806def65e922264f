import { describe, expect, it } from 'vitest';
import { doorNotesSchema, doorOptions, parseDoorNotesByDelivery, receiverLines } from './door-notes';

describe('door notes', () => {
  const notes = doorNotesSchema.parse({
    instructions: 'Ring once; concierge in the lobby',
    signature_required: true,
    leave_at_door: false,
    leave_with_neighbor: true,
    requires_appointment: false,
    authorized_receivers: [
      { name: 'Marco Rossi', relationship: 'Partner', contact: '+1 415 555 0144' },
      { name: ' ', relationship: 'Nobody', contact: 'x' },
      { name: 'Lobby concierge' },
    ],
  });

  it('says the door options a driver decides by', () => {
    expect(doorOptions(notes)).toEqual(['door.signature', 'door.notAtDoor', 'door.neighbour']);
    expect(doorOptions(doorNotesSchema.parse({ requires_appointment: true }))).toEqual(['door.appointment']);
  });

  it('lists the receivers who have a name', () => {
    expect(receiverLines(notes)).toEqual(['Marco Rossi (Partner) · +1 415 555 0144', 'Lobby concierge']);
  });

  it('reads an answer without receivers', () => {
    expect(doorNotesSchema.parse({ instructions: 'Side gate' }).authorized_receivers).toEqual([]);
  });
});

describe('parseDoorNotesByDelivery', () => {
  it('reads driver_door_notes by delivery and leaves out what does not parse', () => {
    const found = parseDoorNotesByDelivery({ d1: { instructions: 'Side gate', authorized_receivers: [] }, d2: { instructions: 42 } });
    expect([...found.keys()]).toEqual(['d1']);
    expect(found.get('d1')?.instructions).toBe('Side gate');
    expect(parseDoorNotesByDelivery(null).size).toBe(0);
  });
});
