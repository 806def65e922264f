import { z } from 'zod';
import type { DriverKey } from './messages';

/**
 * What the person at the door needs to know (delivery_instructions, 20261125001380): the customer's
 * instructions for the drop-off address, who else may receive the delivery, and the door options.
 */
export const doorNotesSchema = z.object({
  instructions: z.string().optional(),
  address_instructions: z.string().optional(),
  signature_required: z.boolean().optional(),
  leave_at_door: z.boolean().optional(),
  leave_with_neighbor: z.boolean().optional(),
  requires_appointment: z.boolean().optional(),
  authorized_receivers: z.array(z.object({ name: z.string().optional(), relationship: z.string().optional(), contact: z.string().optional() })).default([]),
});
export type DoorNotes = z.infer<typeof doorNotesSchema>;

/** driver_door_notes(): {<delivery_id>: notes} of the driver's work; an entry that does not parse is left out. */
export function parseDoorNotesByDelivery(value: unknown): Map<string, DoorNotes> {
  const found = new Map<string, DoorNotes>();
  if (!value || typeof value !== 'object') return found;
  for (const [id, notes] of Object.entries(value)) {
    const parsed = doorNotesSchema.safeParse(notes);
    if (parsed.success) found.set(id, parsed.data);
  }
  return found;
}

/** The door options as the keys of their short phrases (the driver catalogue's `door.*`), in the order a driver decides by. */
export function doorOptions(notes: DoorNotes): DriverKey[] {
  return [
    notes.requires_appointment ? 'door.appointment' : null,
    notes.signature_required ? 'door.signature' : null,
    notes.leave_at_door === true ? 'door.leaveAtDoor' : notes.leave_at_door === false ? 'door.notAtDoor' : null,
    notes.leave_with_neighbor === true ? 'door.neighbour' : notes.leave_with_neighbor === false ? 'door.notNeighbour' : null,
  ].filter((x): x is DriverKey => x !== null);
}

/** 'Marco Rossi (Partner) · +1 415 555 0144' for each receiver with a name. */
export function receiverLines(notes: DoorNotes): string[] {
  return notes.authorized_receivers
    .filter((r) => r.name && r.name.trim())
    .map((r) => [r.name!.trim() + (r.relationship ? ` (${r.relationship})` : ''), r.contact].filter(Boolean).join(' · '));
}
