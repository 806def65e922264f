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
 * What the database answers (20261213030100 receive orders, 20261213030200 suppliers, 20261213030300
 * inventory audits) for the refusals whose words name values: the key, its params, its English.
 */
const database = [
  {
    key: 'receiving.not_editable',
    params: { status: 'partially_received' },
    message: 'A receive order can be edited only while draft or ordered; this one is partially received',
  },
  { key: 'receiving.move_invalid', params: { status: 'ordered', target: 'draft' }, message: 'A receive order cannot move from ordered to draft' },
  { key: 'receiving.move_invalid', params: { status: 'draft', target: 'nothing' }, message: 'A receive order cannot move from draft to nothing' },
  { key: 'receiving.not_receivable', params: { status: 'draft' }, message: 'Only an ordered receive order can be received; this one is draft' },
  { key: 'receiving.quantity_above_left', params: { max: 10 }, message: 'At most 10 left to receive on this line' },
  { key: 'receiving.reference_too_long', params: { max: 100 }, message: 'Reference must be at most 100 characters' },
  { key: 'receiving.lines_too_many', params: { max: 200 }, message: 'A receive order has at most 200 lines' },
  { key: 'receiving.lot_serial_too_long', params: { max: 64 }, message: 'Lot and serial numbers are at most 64 characters' },
  { key: 'receiving.note_too_long', params: { max: 1000 }, message: 'Note must be at most 1000 characters' },
  { key: 'suppliers.phone_invalid', params: { min: 10 }, message: 'Please enter a valid phone number with at least 10 digits' },
  { key: 'suppliers.lead_time_range', params: { min: 0, max: 365 }, message: 'Lead time must be between 0 and 365 days' },
  { key: 'suppliers.notes_too_long', params: { max: 2000 }, message: 'Notes must be at most 2000 characters' },
  { key: 'audits.scope_too_large', params: { max: 500 }, message: 'At most 500 locations and 500 items' },
  { key: 'audits.line_not_counted', params: { bin: 'Z1-A01-S1-B02' }, message: 'Count this line before completing (Z1-A01-S1-B02)' },
  { key: 'audits.line_moved', params: { bin: 'Z1-A01-S1-B02' }, message: 'Stock moved in Z1-A01-S1-B02 while it was counted: recount this line' },
  { key: 'audits.not_countable', params: { status: 'completed' }, message: 'Only an audit in progress can be counted; this one is completed' },
  { key: 'audits.not_recountable', params: { status: 'scheduled' }, message: 'Only an audit in progress can be recounted; this one is scheduled' },
  { key: 'audits.move_invalid', params: { status: 'completed', target: 'in_progress' }, message: 'An audit that is completed cannot become in progress' },
  { key: 'audits.note_too_long', params: { max: 1000 }, message: 'The note must be at most 1000 characters' },
  { key: 'audits.reasons_shape', params: undefined, message: 'Reasons must be a list of {line_id, reason}' },
];

describe("receive orders', suppliers' and inventory audits' refusals by key", () => {
  it('words each refusal with params in English exactly as the database does', async () => {
    const en = await words('en');
    for (const refusal of database) expect(en(refusal.key, refusal.params)).toBe(refusal.message);
  });

  it("words the statuses and limits in the page's language", async () => {
    const es = await words('es');
    const fr = await words('fr');
    expect(es('receiving.not_receivable', { status: 'partially_received' })).toBe(
      'Solo se puede recibir una orden de recepción pedida; esta está recibida en parte',
    );
    expect(fr('receiving.move_invalid', { status: 'ordered', target: 'draft' })).toBe('Un ordre de réception ne peut pas passer de commandé à brouillon');
    expect(es('receiving.quantity_above_left', { max: 3 })).toBe('Quedan como máximo 3 por recibir en esta línea');
    expect(fr('suppliers.lead_time_range', { min: 0, max: 365 })).toBe('Le délai de livraison doit être compris entre 0 et 365 jours');
    expect(es('audits.not_countable', { status: 'completed' })).toBe('Solo se puede contar una auditoría en curso; esta está completada');
    expect(fr('audits.line_moved', { bin: 'Z1-A01-S1-B02' })).toBe('Du stock a bougé dans Z1-A01-S1-B02 pendant le comptage : recomptez cette ligne');
    expect(fr('audits.reasons_shape')).toBe('Les motifs doivent être une liste de {line_id, reason}');
  });

  it('shows a status this build does not know as the server sends it', async () => {
    expect((await words('fr'))('audits.not_countable', { status: 'archived' })).toBe('Seul un inventaire en cours peut être compté ; celui-ci est archived');
  });
});
