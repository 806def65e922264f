import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/catalogue';
import { serverWordsFrom } from '../server-words';
import { serverMessages } from '.';

/** The server catalogue's words in a language, as the kit's Form asks them. */
async function words(language: 'en' | 'es' | 'fr') {
  const messages = language === 'en' ? serverMessages.en : (await serverMessages.load[language]()).default;
  return serverWordsFrom(translator(serverMessages, language, messages));
}

/**
 * What the database answers (20261213040100, 20261213040200) for the refusals with params: the key,
 * its params and the English words the function builds.
 */
const refusals: { key: string; params: Record<string, string | number>; message: string }[] = [
  { key: 'locations.name_too_long', params: { max: 200 }, message: 'Name must be at most 200 characters' },
  { key: 'locations.parent_required', params: { type: 'aisle' }, message: 'An aisle needs a parent zone' },
  { key: 'locations.parent_required', params: { type: 'shelf' }, message: 'A shelf needs a parent aisle' },
  { key: 'locations.parent_required', params: { type: 'bin' }, message: 'A bin needs a parent shelf' },
  { key: 'locations.parent_type_invalid', params: { type: 'aisle' }, message: 'The parent of an aisle must be a zone' },
  { key: 'locations.parent_type_invalid', params: { type: 'shelf' }, message: 'The parent of a shelf must be an aisle' },
  { key: 'locations.parent_type_invalid', params: { type: 'bin' }, message: 'The parent of a bin must be a shelf' },
  { key: 'locations.aisle_number_negative', params: { min: 0 }, message: 'Aisle number must be at least 0' },
  { key: 'locations.height_negative', params: { min: 0 }, message: 'Height must be at least 0' },
  { key: 'locations.sequence_negative', params: { min: 0 }, message: 'Sequence must be at least 0' },
  { key: 'locations.max_weight_negative', params: { min: 0 }, message: 'Max weight must be at least 0' },
  { key: 'locations.max_volume_negative', params: { min: 0 }, message: 'Max volume must be at least 0' },
  { key: 'locations.item_limit_negative', params: { min: 0 }, message: 'Item limit must be at least 0' },
  { key: 'locations.length_negative', params: { min: 0 }, message: 'Length must be at least 0' },
  { key: 'locations.width_negative', params: { min: 0 }, message: 'Width must be at least 0' },
  { key: 'locations.notes_invalid', params: { max: 2000 }, message: 'Notes must be text of at most 2000 characters' },
  { key: 'handoffs.move_invalid', params: { from: 'cancelled', to: 'completed' }, message: 'A handoff that is cancelled cannot become completed' },
  { key: 'handoffs.move_invalid', params: { from: 'in_progress', to: 'pending' }, message: 'A handoff that is in progress cannot become pending' },
  { key: 'handoffs.move_not_allowed', params: { action: 'pending' }, message: 'Only admins and the staff of this warehouse can reopen a handoff' },
  { key: 'handoffs.move_not_allowed', params: { action: 'in_progress' }, message: 'Only admins and the staff of this warehouse can start a handoff' },
  { key: 'handoffs.move_not_allowed', params: { action: 'completed' }, message: 'Only admins and the staff of this warehouse can complete a handoff' },
  { key: 'handoffs.move_not_allowed', params: { action: 'cancelled' }, message: 'Only admins and the staff of this warehouse can cancel a handoff' },
  { key: 'handoffs.move_not_allowed', params: { action: 'edit' }, message: 'Permission denied' },
  { key: 'handoffs.notes_too_long', params: { max: 2000 }, message: 'Notes must be at most 2000 characters' },
];

describe("warehouse locations', staff's and handoffs' refusals by key", () => {
  it('words each refusal with params in English exactly as the database does', async () => {
    const en = await words('en');
    for (const { key, params, message } of refusals) expect(en(key, params), `${key} ${JSON.stringify(params)}`).toBe(message);
  });

  it('words the location type of the parent rules in the page’s language', async () => {
    expect((await words('es'))('locations.parent_required', { type: 'shelf' })).toBe('Un estante necesita un pasillo superior');
    expect((await words('fr'))('locations.parent_type_invalid', { type: 'bin' })).toBe('Le parent d’un emplacement doit être une étagère');
    expect((await words('es'))('locations.max_weight_negative', { min: 0 })).toBe('El peso máximo debe ser al menos 0');
    expect((await words('fr'))('locations.notes_invalid', { max: 2000 })).toBe('Les notes doivent être un texte d’au plus 2000 caractères');
  });

  it('words a handoff’s move with its statuses in the page’s language', async () => {
    const move = { from: 'cancelled', to: 'completed' };
    expect((await words('es'))('handoffs.move_invalid', move)).toBe('Una entrega que está cancelada no puede pasar a completada');
    expect((await words('fr'))('handoffs.move_invalid', move)).toBe('Une remise annulée ne peut pas devenir terminée');
    expect((await words('es'))('handoffs.move_not_allowed', { action: 'cancelled' })).toBe(
      'Solo los administradores y el personal de este almacén pueden cancelar una entrega',
    );
    expect((await words('fr'))('handoffs.move_not_allowed', { action: 'edit' })).toBe('Accès refusé');
    expect((await words('fr'))('handoffs.notes_too_long', { max: 2000 })).toBe('Les notes doivent comporter au plus 2000 caractères');
  });
});
