import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/catalogue';
import { serverWordsFrom } from '../server-words';
import { serverMessages } from '.';

/** The server catalogue's words in a language, as the kit's Form asks them. */
async function words(language: 'en' | 'es' | 'fr') {
  const messages = language === 'en' ? serverMessages.en : (await serverMessages.load[language]()).default;
  return serverWordsFrom(translator(serverMessages, language, messages));
}

/** Refusals with params as migrations 20261213080100..0500 raise them: key, params and the database's English. */
const refusals = [
  { key: 'exceptions.description_too_long', params: { max: 2000 }, message: 'Description must be at most 2000 characters' },
  { key: 'exceptions.photos_too_many', params: { max: 10 }, message: 'At most 10 photos' },
  { key: 'exceptions.resolution_notes_too_long', params: { max: 2000 }, message: 'Resolution notes must be at most 2000 characters' },
  { key: 'exceptions.note_too_long', params: { max: 2000 }, message: 'The note must be at most 2000 characters' },
  { key: 'exceptions.not_editable', params: { status: 'resolved' }, message: 'An exception can be edited only while open or investigating; this one is resolved' },
  { key: 'exceptions.move_not_allowed', params: { from: 'open', to: 'closed' }, message: 'An exception cannot go from open to closed' },
  { key: 'support.already_handled', params: { state: 'acknowledged', name: 'Dana Dispatch' }, message: 'Already acknowledged by Dana Dispatch' },
  { key: 'support.already_handled_by_someone', params: { state: 'resolved' }, message: 'Already resolved by someone' },
  { key: 'support.note_too_long', params: { max: 1000 }, message: 'The note must be at most 1000 characters' },
  { key: 'support.resolution_note_too_long', params: { max: 2000 }, message: 'The resolution note must be at most 2000 characters' },
  { key: 'support.subject_too_long', params: { max: 150 }, message: 'Subject must be at most 150 characters' },
  { key: 'support.body_too_long', params: { max: 2000 }, message: 'Message must be at most 2000 characters' },
  { key: 'chat.participants_count', params: { min: 1, max: 50 }, message: 'Choose 1 to 50 people' },
  {
    key: 'returns.move_not_allowed',
    params: { from: 'pickup_scheduled', to: 'closed' },
    message: 'A return request cannot go from pickup scheduled to closed',
  },
  { key: 'returns.note_too_long', params: { max: 1000 }, message: 'The note must be at most 1000 characters' },
  {
    key: 'returns.put_back_not_received',
    params: { status: 'picked_up' },
    message: 'Only a received return request can be put back into stock; this one is picked up',
  },
  {
    key: 'returns.put_back_bin_other_warehouse',
    params: { warehouse: 'North Hub' },
    message: 'Choose a bin of North Hub, where this return was received',
  },
  {
    key: 'returns.pickup_not_created',
    params: { reasons: 'No active zone covers the pickup point' },
    message: 'The pickup delivery could not be created: No active zone covers the pickup point',
  },
  {
    key: 'webhooks.header_value_invalid',
    params: { max: 2000 },
    message: 'The header value must be one line of at most 2000 characters',
  },
];

describe("exceptions', support's, conversations', returns' moves' and webhooks' refusals by key", () => {
  it('words each refusal with params in English exactly as the database does', async () => {
    const en = await words('en');
    for (const refusal of refusals) expect(en(refusal.key, refusal.params)).toBe(refusal.message);
  });

  it('words them in es and fr with their params, the statuses in the language', async () => {
    const es = await words('es');
    const fr = await words('fr');
    for (const refusal of refusals) {
      expect(es(refusal.key, refusal.params)).not.toBe(refusal.message);
      expect(fr(refusal.key, refusal.params)).not.toBe(refusal.message);
    }
    expect(es('exceptions.move_not_allowed', { from: 'open', to: 'closed' })).toBe('Una incidencia no puede pasar de abierta a cerrada');
    expect(fr('exceptions.move_not_allowed', { from: 'investigating', to: 'open' })).toBe(
      'Un incident ne peut pas passer de l’état en cours d’analyse à l’état ouvert',
    );
    expect(es('support.already_handled', { state: 'resolved', name: 'Dana' })).toBe('Ya resuelto por Dana');
    expect(fr('support.already_handled_by_someone', { state: 'acknowledged' })).toBe('Déjà pris en charge par quelqu’un d’autre');
    expect(es('returns.put_back_not_received', { status: 'approved' })).toBe(
      'Solo una solicitud de devolución recibida se puede reponer en el stock; esta está aprobada',
    );
    expect(fr('returns.put_back_bin_other_warehouse', { warehouse: 'Entrepôt Nord' })).toBe(
      'Choisissez un emplacement de Entrepôt Nord, où ce retour a été reçu',
    );
    expect(fr('chat.participants_count', { min: 1, max: 50 })).toBe('Choisissez de 1 à 50 personnes');
  });
});
