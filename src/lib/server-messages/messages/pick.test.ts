import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/catalogue';
import { serverWordsFrom } from '../server-words';
import { serverMessages } from '.';

/** The server catalogue's words in a language, as the kit's Form asks them. */
async function words(language: 'en' | 'es' | 'fr') {
  const messages = language === 'en' ? serverMessages.en : (await serverMessages.load[language]()).default;
  return serverWordsFrom(translator(serverMessages, language, messages));
}

/** What the pick functions answer (20261213010100): each key with its params and the database's English. */
const refusals = [
  { key: 'pick.reference_too_long', params: { max: 64 }, message: 'Reference number must be at most 64 characters' },
  { key: 'pick.priority_invalid', params: { min: 1, max: 100 }, message: 'Priority must be a whole number from 1 to 100' },
  { key: 'pick.items_too_many', params: { max: 200 }, message: 'At most 200 items' },
  { key: 'pick.not_editable', params: { status: 'completed' }, message: 'A pick order that is completed cannot be changed' },
  { key: 'pick.picked_below_picked', params: { picked: 3 }, message: 'Picked quantity cannot go below the 3 already picked' },
  { key: 'pick.move_impossible', params: { from: 'in_progress', to: 'pending' }, message: 'A pick order that is in progress cannot become pending' },
  { key: 'pick.move_impossible', params: { from: 'completed', to: 'cancelled' }, message: 'A pick order that is completed cannot become cancelled' },
  { key: 'pick.note_too_long', params: { max: 1000 }, message: 'The note must be at most 1000 characters' },
  {
    key: 'pick.insufficient_stock',
    params: { item: 'Pick Test Chair', bin: 'Z1-A01-S1-B01', available: 1234 },
    message: 'Insufficient stock for Pick Test Chair in Z1-A01-S1-B01: 1234 available',
  },
  { key: 'pick.batch_max_orders_invalid', params: { min: 2, max: 50 }, message: 'Max orders must be a whole number from 2 to 50' },
  { key: 'pick.batch_nothing_fits', params: { max: 2 }, message: 'No pending order fits within 2 lines' },
  { key: 'pick.batch_other_warehouse', params: { reference: 'BT-dogpatch', warehouse: 'SF-DOG' }, message: 'Orders of one warehouse only: BT-dogpatch is in SF-DOG' },
  { key: 'pick.already_in_batch', params: { reference: 'ACME-PK00012', batch: 'ACME-PK00020' }, message: 'ACME-PK00012 is already in batch ACME-PK00020' },
  {
    key: 'pick.in_batch',
    params: { reference: 'ACME-PK00012', batch: 'ACME-PK00020' },
    message: 'ACME-PK00012 is picked in batch ACME-PK00020: start, pick, complete or cancel it through the batch',
  },
  { key: 'pick.not_in_batch', params: { reference: 'TO-t4' }, message: 'TO-t4 is not in a batch' },
  {
    key: 'pick.batch_started',
    params: { reference: 'ACME-PK00020', status: 'in_progress', type: 'batch' },
    message: 'ACME-PK00020 is in progress: orders leave a batch only before it starts',
  },
  { key: 'pick.batch_started', params: { reference: 'ACME-PK00021', status: 'completed', type: 'wave' }, message: 'ACME-PK00021 is completed: orders leave a wave only before it starts' },
] as const;

describe("pick orders' refusals by key", () => {
  it('words each refusal with params in English exactly as the database does', async () => {
    const en = await words('en');
    for (const refusal of refusals) expect(en(refusal.key, refusal.params)).toBe(refusal.message);
  });

  it('words them in es and fr from their params, statuses and types worded', async () => {
    const es = await words('es');
    const fr = await words('fr');
    for (const refusal of refusals) {
      expect(es(refusal.key, refusal.params)).toBeTruthy();
      expect(fr(refusal.key, refusal.params)).toBeTruthy();
    }
    expect(es('pick.move_impossible', { from: 'in_progress', to: 'pending' })).toBe('Una orden de preparación en curso no puede pasar a pendiente');
    expect(fr('pick.move_impossible', { from: 'completed', to: 'cancelled' })).toBe('Un ordre de préparation terminé ne peut pas passer à l’état annulé');
    expect(es('pick.insufficient_stock', { item: 'Silla', bin: 'Z1-A01-S1-B01', available: 2 })).toBe('Stock insuficiente de Silla en Z1-A01-S1-B01: 2 disponibles');
    expect(fr('pick.in_batch', { reference: 'ACME-PK00012', batch: 'ACME-PK00020' })).toBe(
      'ACME-PK00012 est préparé dans le lot ACME-PK00020 : démarrez-le, préparez-le, terminez-le ou annulez-le par le lot',
    );
    expect(es('pick.batch_started', { reference: 'W-1', status: 'completed', type: 'wave' })).toBe(
      'W-1 está completada: las órdenes solo salen de una oleada antes de que empiece',
    );
    expect(fr('pick.batch_started', { reference: 'B-1', status: 'in_progress', type: 'batch' })).toBe(
      'B-1 est en cours : les ordres ne quittent un lot qu’avant son démarrage',
    );
    expect(es('pick.batch_nothing_fits', { max: 1 })).toBe('Ninguna orden pendiente cabe en 1 línea');
    expect(fr('pick.batch_nothing_fits', { max: 3 })).toBe('Aucun ordre en attente ne tient en 3 lignes');
  });
});
