import { describe, expect, it } from 'vitest';
import { emptyZoneForm, toZoneFormValues, ZoneFormSchema, type Zone } from './schema';

const stored: Zone = {
  id: 'z1',
  tenant_id: 't1',
  name: 'SoMa',
  code: 'SF-SOMA',
  description: '',
  color: '#16a34a',
  polygon: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] },
  active: true,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};

const messages = (input: unknown) => {
  const result = ZoneFormSchema.safeParse(input);
  if (result.success) return {};
  // The form shows the first problem of each field.
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[issue.path.join('.')] ??= issue.message;
  return first;
};

describe('the zone form', () => {
  it('says what an empty form misses', () => {
    expect(messages(emptyZoneForm())).toEqual({ name: 'Name is required', code: 'Code is required', polygon: 'Draw the zone on the map' });
  });

  it('checks the code and the colour as the database does', () => {
    expect(messages({ ...toZoneFormValues(stored), code: 'bad code', color: 'teal' })).toEqual({
      code: 'Code must be up to 32 letters, digits, - or _, starting with a letter or digit',
      color: 'Colour must be a hex colour such as #2563eb',
    });
  });

  it('sends a stored zone back as the GeoJSON it came as', () => {
    const parsed = ZoneFormSchema.parse(toZoneFormValues(stored));
    expect(parsed.polygon).toEqual(stored.polygon);
  });

  it('refuses an open outline', () => {
    const values = toZoneFormValues(stored);
    expect(messages({ ...values, polygon: { ...values.polygon, closed: false } })).toEqual({
      polygon: 'Close the outline: click its first point, or choose Close outline',
    });
  });

  it('gives each new zone the next colour', () => {
    expect(emptyZoneForm(1).color).toBe('#16a34a');
    expect(emptyZoneForm(9).color).toBe('#16a34a');
  });
});
