import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n/catalogue';
import type { Language } from '../../lib/i18n/languages';
import { activityMessages } from './messages';
import { entrySummary } from './words';

async function summaries(language: Language, action: 'insert' | 'delete', tables: string[]): Promise<string[]> {
  const messages = language === 'en' ? activityMessages.en : (await activityMessages.load[language]()).default;
  const t = translator(activityMessages, language, messages);
  return tables.map((table_name) => entrySummary(t, language, { action, table_name, changed_columns: [] }));
}

describe('the activity’s created and deleted sentences', () => {
  it('agree in Spanish with the table’s noun: una entrega, un conductor', async () => {
    expect(await summaries('es', 'insert', ['deliveries', 'drivers'])).toEqual(['Se creó una entrega', 'Se creó un conductor']);
    expect(await summaries('es', 'delete', ['pick_orders', 'warehouses'])).toEqual(['Se eliminó una orden de preparación', 'Se eliminó un almacén']);
  });

  it('and in French, participle too: une livraison créée, un chauffeur créé', async () => {
    expect(await summaries('fr', 'insert', ['deliveries', 'drivers'])).toEqual(['Une livraison a été créée', 'Un chauffeur a été créé']);
    // 'ordre' is masculine in French where 'orden' is feminine in Spanish: each language's own gender.
    expect(await summaries('fr', 'delete', ['pick_orders', 'zones'])).toEqual(['Un ordre de préparation a été supprimé', 'Une zone a été supprimée']);
  });

  it('name a table this build does not know as a record of it, with no gender to agree with', async () => {
    expect(await summaries('es', 'insert', ['carrier_contracts'])).toEqual(['Se creó un registro de carrier contracts']);
    expect(await summaries('fr', 'delete', ['carrier_contracts'])).toEqual(['Un enregistrement carrier contracts a été supprimé']);
  });

  it('keep the English as it was', async () => {
    expect(await summaries('en', 'insert', ['deliveries', 'api_keys', 'carrier_contracts'])).toEqual(['Created deliveries record', 'Created API keys record', 'Created carrier contracts record']);
    expect(await summaries('en', 'delete', ['drivers'])).toEqual(['Deleted drivers record']);
  });
});
