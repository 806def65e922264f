import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/catalogue';
import { serverWordsFrom } from '../server-words';
import { serverMessages } from '.';

/** The server catalogue's words in a language, as the kit's Form asks them. */
async function words(language: 'en' | 'es' | 'fr') {
  const messages = language === 'en' ? serverMessages.en : (await serverMessages.load[language]()).default;
  return serverWordsFrom(translator(serverMessages, language, messages));
}

/** What the database answers (20261213070100), key, params and English, as pgTAP reads them. */
const refusals = [
  {
    key: 'assignments.licence_mismatch',
    message: 'Box Truck 7t needs a commercial licence; Derek Driver holds a standard licence',
    params: { vehicle: 'Box Truck 7t', needs: 'commercial', classes: 'commercial', driver: 'Derek Driver', licence: 'standard' },
  },
  {
    key: 'assignments.licence_mismatch',
    message: 'Van needs a special or commercial licence; Ana holds a standard licence',
    params: { vehicle: 'Van', needs: 'special or commercial', classes: 'special_commercial', driver: 'Ana', licence: 'standard' },
  },
  {
    key: 'assignments.too_heavy',
    message: 'The packages weigh 1250.5 kg; City Van 1 carries at most 40 kg',
    params: { weight: 1250.5, vehicle: 'City Van 1', capacity: 40 },
  },
  {
    key: 'assignments.driver_licence_expired',
    message: "Luis Ortega's licence expired on 2026-12-03",
    params: { driver: 'Luis Ortega', expiry: '2026-12-03' },
  },
  {
    key: 'assignments.vehicle_lacks_features',
    message: 'Box Truck 7t lacks what Express 90 requires: gps tracking, lift gate',
    params: { vehicle: 'Box Truck 7t', service: 'Express 90', missing: 'gps tracking, lift gate', features: ['gps_tracking', 'lift_gate'] },
  },
  { key: 'assignments.not_editable', message: 'Only pending assignments can be edited; this one is rejected', params: { status: 'rejected' } },
  { key: 'assignments.delivery_not_pending', message: 'Only pending deliveries can be assigned; this one is in transit', params: { status: 'in_transit' } },
  {
    key: 'assignments.not_pending',
    message: 'Only pending assignments can be accepted; this one is rejected',
    params: { response: 'accepted', status: 'rejected' },
  },
  {
    key: 'assignments.not_pending',
    message: 'Only pending assignments can be rejected; this one is completed',
    params: { response: 'rejected', status: 'completed' },
  },
  { key: 'assignments.notes_too_long', message: 'Notes must be at most 1000 characters', params: { max: 1000 } },
  { key: 'assignments.reason_too_long', message: 'The reason must be at most 500 characters', params: { max: 500 } },
  { key: 'assignments.limit_range', message: 'Limit must be from 1 to 100', params: { min: 1, max: 100 } },
  { key: 'positions.lat_range', message: 'Latitude must be between -90 and 90', params: { min: -90, max: 90 } },
  { key: 'positions.accuracy_range', message: 'Accuracy must be at least 0 and below 100000 m', params: { max: 100000 } },
  { key: 'positions.recorded_at_too_old', message: 'Recorded time cannot be more than 24 hours ago', params: { hours: 24 } },
  { key: 'positions.fixes_too_many', message: 'Send at most 500 fixes at a time', params: { max: 500 } },
  { key: 'performance.range_too_long', message: 'Choose a range of at most 366 days', params: { max: 366 } },
];

describe("assignments', positions' and performance's refusals by key", () => {
  it('words each refusal with params in English exactly as the database does', async () => {
    const en = await words('en');
    for (const { key, message, params } of refusals) expect(en(key, params)).toBe(message);
  });

  it('words them in Spanish and French with their params', async () => {
    const [es, fr] = await Promise.all([words('es'), words('fr')]);
    for (const { key, params } of refusals) {
      expect(es(key, params)).toMatch(/\S/);
      expect(fr(key, params)).toMatch(/\S/);
    }
    expect(es('assignments.licence_mismatch', refusals[1]!.params)).toBe('Van necesita un permiso especial o profesional; Ana tiene un permiso estándar');
    expect(fr('assignments.licence_mismatch', refusals[0]!.params)).toBe(
      'Box Truck 7t exige un permis professionnel ; Derek Driver a un permis standard',
    );
    const number = (language: string, n: number) => new Intl.NumberFormat(language).format(n);
    expect(es('assignments.too_heavy', refusals[2]!.params)).toBe(
      `Los paquetes pesan ${number('es', 1250.5)} kg; City Van 1 carga como máximo 40 kg`,
    );
    expect(fr('assignments.not_pending', refusals[7]!.params)).toBe(
      'Seules les affectations en attente peuvent être acceptées ; celle-ci est refusée',
    );
    expect(es('assignments.delivery_not_pending', { status: 'in_transit' })).toBe(
      'Solo se pueden asignar las entregas pendientes; esta está en tránsito',
    );
    expect(fr('positions.recorded_at_too_old', { hours: 24 })).toBe('L’heure d’enregistrement ne peut pas remonter à plus de 24 heures');
    expect(es('performance.range_too_long', { max: 366 })).toBe('Elija un intervalo de 366 días como máximo');
  });

  it('falls back to the English list for a vehicle taking all three licence classes', async () => {
    const params = { vehicle: 'Van', needs: 'standard or commercial or special', classes: 'standard_commercial_special', driver: 'Ana', licence: 'standard' };
    expect((await words('en'))('assignments.licence_mismatch', params)).toBe(
      'Van needs a standard or commercial or special licence; Ana holds a standard licence',
    );
  });
});
