import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/catalogue';
import { serverWordsFrom } from '../server-words';
import { serverMessages } from '.';

/** The server catalogue's words in a language, as the kit's Form asks them. */
async function words(language: 'en' | 'es' | 'fr') {
  const messages = language === 'en' ? serverMessages.en : (await serverMessages.load[language]()).default;
  return serverWordsFrom(translator(serverMessages, language, messages));
}

/** What the deliveries' and addresses' functions answer, with params (20261213050100). */
const refusals = [
  { key: 'addresses.phone_too_short', params: { min: 10 }, message: 'Please enter a valid phone number with at least 10 digits' },
  { key: 'addresses.postal_code_too_long', params: { max: 6 }, message: 'Postal code must be less than 6 characters' },
  { key: 'deliveries.too_many_packages', params: { max: 50 }, message: 'At most 50 package lines' },
  { key: 'deliveries.package_unknown_field', params: { field: 'colour' }, message: 'Unknown package field colour' },
  { key: 'deliveries.package_description_invalid', params: { max: 200 }, message: 'Description must be text of at most 200 characters' },
  { key: 'deliveries.package_quantity_invalid', params: { min: 1, max: 1000 }, message: 'Quantity must be a whole number from 1 to 1000' },
  { key: 'deliveries.package_weight_invalid', params: { max: 10000 }, message: 'Weight must be more than 0 and at most 10000 kg' },
  { key: 'deliveries.package_dimension_invalid', params: { max: 2000 }, message: 'Dimensions must be more than 0 and at most 2000 cm' },
  { key: 'deliveries.external_reference_length', params: { min: 1, max: 100 }, message: 'External reference must be 1 to 100 characters' },
  { key: 'deliveries.notes_too_long', params: { max: 2000 }, message: 'Notes must be at most 2000 characters' },
  { key: 'deliveries.reason_too_long', params: { max: 500 }, message: 'The reason must be at most 500 characters' },
  { key: 'deliveries.note_too_long', params: { max: 1000 }, message: 'The note must be at most 1000 characters' },
  {
    key: 'deliveries.not_editable',
    params: { status: 'picked_up' },
    message: 'A delivery can be edited only while pending or assigned; this one is picked up',
  },
  { key: 'deliveries.move_invalid', params: { from: 'in_transit', to: 'pending' }, message: 'A delivery that is in transit cannot become pending' },
  {
    key: 'deliveries.only_assigned_driver',
    params: { status: 'picked_up' },
    message: 'Only the driver of its active assignment can mark a delivery picked up',
  },
  {
    key: 'deliveries.pickup_arrival_status',
    params: { status: 'in_transit' },
    message: 'A driver arrives at the pickup of an accepted delivery, not of one that is in transit',
  },
  {
    key: 'deliveries.dropoff_arrival_status',
    params: { status: 'accepted' },
    message: 'A driver arrives at the drop-off of a delivery in transit, not of one that is accepted',
  },
  {
    key: 'deliveries.not_unassignable',
    params: { status: 'delivered' },
    message: 'Only assigned or accepted deliveries can be unassigned; this one is delivered',
  },
  { key: 'proof.photos_invalid', params: { max: 10 }, message: 'photo_urls must be at most 10 file references' },
  { key: 'proof.recipient_name_invalid', params: { max: 200 }, message: 'recipient_name must be text of at most 200 characters' },
  { key: 'proof.notes_invalid', params: { max: 1000 }, message: 'notes must be text of at most 1000 characters' },
] as const;

describe("deliveries' and addresses' refusals by key", () => {
  it('words each keyed refusal with params in English exactly as the database does', async () => {
    const en = await words('en');
    for (const refusal of refusals) expect(en(refusal.key, refusal.params), refusal.key).toBe(refusal.message);
  });

  it('words them in Spanish and French from their params, statuses in the page’s language', async () => {
    const es = await words('es');
    const fr = await words('fr');
    expect(es('deliveries.package_unknown_field', { field: 'colour' })).toBe('Campo de paquete desconocido: colour');
    expect(fr('deliveries.package_unknown_field', { field: 'colour' })).toBe('Champ de colis inconnu : colour');
    expect(es('deliveries.move_invalid', { from: 'in_transit', to: 'pending' })).toBe('Una entrega que está en tránsito no puede pasar a pendiente');
    expect(fr('deliveries.move_invalid', { from: 'picked_up', to: 'cancelled' })).toBe('Une livraison enlevée ne peut pas devenir annulée');
    expect(es('deliveries.not_editable', { status: 'delivered' })).toBe(
      'Una entrega solo se puede editar mientras está pendiente o asignada; esta está entregada',
    );
    expect(fr('deliveries.only_assigned_driver', { status: 'in_transit' })).toBe(
      'Seul le chauffeur de son affectation active peut marquer une livraison comme en transit',
    );
    expect(es('addresses.phone_too_short', { min: 10 })).toBe('Introduce un número de teléfono válido de al menos 10 dígitos');
    expect(fr('deliveries.package_quantity_invalid', { min: 1, max: 1000 })).toMatch(/^La quantité doit être un nombre entier de 1 à 1.?000$/);
    for (const refusal of refusals) {
      expect(es(refusal.key, refusal.params), refusal.key).not.toMatch(/[{}]/);
      expect(fr(refusal.key, refusal.params), refusal.key).not.toMatch(/[{}]/);
    }
  });
});
