import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/catalogue';
import { serverWordsFrom } from '../server-words';
import { serverMessages } from '.';

/** The server catalogue's words in a language, as the kit's Form asks them. */
async function words(language: 'en' | 'es' | 'fr') {
  const messages = language === 'en' ? serverMessages.en : (await serverMessages.load[language]()).default;
  return serverWordsFrom(translator(serverMessages, language, messages));
}

/** What the inventory functions answer (20261213020100), with their params: the database's English. */
const database = [
  { key: 'inventory.insufficient_stock', params: { available: 1234, bin: 'Z1-A01-S1-B01' }, message: 'Insufficient stock: 1234 available in Z1-A01-S1-B01' },
  { key: 'inventory.insufficient_stock', params: { available: 0, bin: 'Z1-A01-S1-B01' }, message: 'Insufficient stock: 0 available in Z1-A01-S1-B01' },
  { key: 'inventory.serial_in_stock', params: { serial: 'PF3K9X21' }, message: 'Serial number PF3K9X21 is already in stock' },
  { key: 'inventory.no_source_bin', params: { type: 'receive' }, message: 'A receive takes no source bin' },
  { key: 'inventory.no_source_bin', params: { type: 'return' }, message: 'A return takes no source bin' },
  { key: 'inventory.no_destination_bin', params: { type: 'pick' }, message: 'A pick takes no destination bin' },
  { key: 'inventory.no_destination_bin', params: { type: 'adjust' }, message: 'A adjust takes no destination bin' },
  { key: 'inventory.name_too_long', params: { max: 200 }, message: 'Name must be at most 200 characters' },
  { key: 'inventory.sku_too_long', params: { max: 64 }, message: 'SKU must be at most 64 characters' },
  { key: 'inventory.barcode_too_long', params: { max: 64 }, message: 'Barcode must be at most 64 characters' },
  { key: 'inventory.attribute_too_long', params: { max: 100 }, message: 'Must be at most 100 characters' },
  { key: 'inventory.lot_number_too_long', params: { max: 64 }, message: 'Lot number must be at most 64 characters' },
  { key: 'inventory.serial_number_too_long', params: { max: 64 }, message: 'Serial number must be at most 64 characters' },
  { key: 'inventory.reason_too_long', params: { max: 500 }, message: 'Reason must be at most 500 characters' },
  { key: 'inventory.page_invalid', params: { min: 1 }, message: 'Page must be 1 or more' },
  { key: 'inventory.limit_invalid', params: { min: 1, max: 100 }, message: 'Limit must be from 1 to 100' },
  { key: 'inventory.search_too_long', params: { max: 100 }, message: 'Search must be at most 100 characters' },
];

describe("the inventory's refusals by key", () => {
  it('words each refusal with params in English exactly as the database does', async () => {
    const en = await words('en');
    for (const { key, params, message } of database) expect(en(key, params), key).toBe(message);
  });

  it('words a shortage in es and fr with the units available as a number of the page’s locale', async () => {
    const units = (language: string) => new Intl.NumberFormat(language).format(1234);
    expect((await words('es'))('inventory.insufficient_stock', { available: 1234, bin: 'Z1-A01-S1-B01' })).toBe(`Existencias insuficientes: ${units('es')} disponibles en Z1-A01-S1-B01`);
    expect((await words('fr'))('inventory.insufficient_stock', { available: 1, bin: 'Z1-A01-S1-B01' })).toBe('Stock insuffisant : 1 disponible dans Z1-A01-S1-B01');
    expect((await words('fr'))('inventory.insufficient_stock', { available: 0, bin: 'B2' })).toBe('Stock insuffisant : 0 disponible dans B2');
  });

  it('words the kind of entry a bin does not take in es and fr, and an unknown kind as itself', async () => {
    const es = await words('es');
    const fr = await words('fr');
    expect(es('inventory.no_source_bin', { type: 'receive' })).toBe('Una entrada no lleva ubicación de origen');
    expect(es('inventory.no_destination_bin', { type: 'adjust' })).toBe('Un ajuste no lleva ubicación de destino');
    expect(fr('inventory.no_destination_bin', { type: 'pick' })).toBe('Une préparation ne prend pas d’emplacement de destination');
    expect(fr('inventory.no_source_bin', { type: 'return' })).toBe('Un retour ne prend pas d’emplacement d’origine');
    expect(fr('inventory.no_source_bin', { type: 'transfer' })).toBe('Un mouvement transfer ne prend pas d’emplacement d’origine');
  });

  it('words the limits, the serial number and the list bounds from their params in es and fr', async () => {
    const es = await words('es');
    const fr = await words('fr');
    expect(es('inventory.serial_in_stock', { serial: 'PF3K9X21' })).toBe('El número de serie PF3K9X21 ya está en existencias');
    expect(fr('inventory.serial_in_stock', { serial: 'PF3K9X21' })).toBe('Le numéro de série PF3K9X21 est déjà en stock');
    expect(es('inventory.limit_invalid', { min: 1, max: 100 })).toBe('El límite debe estar entre 1 y 100');
    expect(fr('inventory.name_too_long', { max: 200 })).toBe('Le nom doit comporter au plus 200 caractères');
    expect(es('inventory.reason_too_long', { max: 500 })).toBe('El motivo debe tener como máximo 500 caracteres');
  });
});
