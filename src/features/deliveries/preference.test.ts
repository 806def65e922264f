import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n/catalogue';
import { deliveryMessages } from './messages';
import es from './messages/es';
import fr from './messages/fr';
import { nextPreferredWindow, preferenceOptionsText, preferenceSuggestionSchema } from './preference';

const english = translator(deliveryMessages, 'en', deliveryMessages.en);

describe('nextPreferredWindow', () => {
  // Wednesday 25 November 2026, 10:30 local time.
  const now = new Date(2026, 10, 25, 10, 30);

  it('takes the next preferred weekday', () => {
    expect(nextPreferredWindow(now, 5, '09:00', '12:00')).toEqual({ start: '2026-11-27T09:00', end: '2026-11-27T12:00' });
    expect(nextPreferredWindow(now, 1, '14:00', '17:30')).toEqual({ start: '2026-11-30T14:00', end: '2026-11-30T17:30' });
  });

  it('takes today while today\'s window has not ended, else the same day next week', () => {
    expect(nextPreferredWindow(now, 3, '09:00', '12:00')).toEqual({ start: '2026-11-25T09:00', end: '2026-11-25T12:00' });
    expect(nextPreferredWindow(now, 3, '08:00', '10:00')).toEqual({ start: '2026-12-02T08:00', end: '2026-12-02T10:00' });
  });

  it('crosses the end of a month and a year', () => {
    expect(nextPreferredWindow(new Date(2026, 11, 31, 18, 0), 2, '09:00', '11:00')).toEqual({ start: '2027-01-05T09:00', end: '2027-01-05T11:00' });
  });
});

describe('preference suggestions', () => {
  const base = {
    id: 'p1',
    name: 'Office hours',
    preferred_day_of_week: 2,
    preferred_time_start: '09:00',
    preferred_time_end: '12:00',
    delivery_instructions: 'Ring the side door',
    signature_required: true,
    leave_with_neighbor: false,
    leave_at_door: false,
    requires_appointment: false,
    authorized_receivers: [{ name: 'Sam Lee', relationship: 'Reception', contact: '+1 415 555 0100' }],
  };

  it('reads the database answer and refuses a malformed one', () => {
    expect(preferenceSuggestionSchema.parse(base).name).toBe('Office hours');
    expect(preferenceSuggestionSchema.safeParse({ ...base, preferred_time_start: '9am' }).success).toBe(false);
    expect(preferenceSuggestionSchema.safeParse({ ...base, preferred_day_of_week: 7 }).success).toBe(false);
  });

  it('says what matters at the door in one line', () => {
    expect(preferenceOptionsText(base, english)).toBe('Signature required · Also received by Sam Lee (Reception)');
    expect(preferenceOptionsText({ ...base, signature_required: false, leave_at_door: true, authorized_receivers: [] }, english)).toBe('May leave at the door');
  });

  it('says it in Spanish and French', () => {
    expect(preferenceOptionsText(base, translator(deliveryMessages, 'es', es))).toBe('Firma obligatoria · También lo reciben Sam Lee (Reception)');
    expect(preferenceOptionsText({ ...base, signature_required: false, leave_with_neighbor: true, authorized_receivers: [] }, translator(deliveryMessages, 'fr', fr))).toBe('Peut être laissé à un voisin');
  });
});
