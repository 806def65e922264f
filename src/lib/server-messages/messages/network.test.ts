import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/catalogue';
import { serverWordsFrom } from '../server-words';
import { serverMessages } from '.';

/** The server catalogue's words in a language, as the kit's Form asks them. */
async function words(language: 'en' | 'es' | 'fr') {
  const messages = language === 'en' ? serverMessages.en : (await serverMessages.load[language]()).default;
  return serverWordsFrom(translator(serverMessages, language, messages));
}

/** What the network's functions answer with params (20261213060100), key, params and the database's English. */
const withParams: [string, Record<string, number>, string][] = [
  ['vehicles.name_too_long', { max: 200 }, 'Name must be at most 200 characters'],
  ['vehicles.code_too_long', { max: 64 }, 'Code must be at most 64 characters'],
  ['vehicles.description_too_long', { max: 2000 }, 'Description must be at most 2000 characters'],
  ['zones.name_too_long', { max: 120 }, 'Name must be at most 120 characters'],
  ['zones.code_format', { max: 32 }, 'Code must be up to 32 letters, digits, - or _, starting with a letter or digit'],
  ['zones.description_too_long', { max: 1000 }, 'Description must be at most 1000 characters'],
  ['zones.polygon_too_few_points', { min: 3 }, 'Draw at least 3 points'],
  ['zones.polygon_too_many_points', { max: 500 }, 'A zone can have at most 500 points'],
  ['services.name_too_long', { max: 120 }, 'Name must be at most 120 characters'],
  ['services.code_format', { max: 32 }, 'Code must be up to 32 letters, digits, - or _, starting with a letter or digit'],
  ['services.description_too_long', { max: 1000 }, 'Description must be at most 1000 characters'],
  ['services.min_transit_hours_range', { min: 0, max: 720 }, 'Min transit hours must be from 0 to 720'],
  ['services.max_transit_hours_range', { min: 0, max: 720 }, 'Max transit hours must be from 0 to 720'],
  ['pricing.min_transit_time_range', { min: 0, max: 720 }, 'Min transit time must be from 0 to 720 hours'],
  ['pricing.max_transit_time_range', { min: 0, max: 720 }, 'Max transit time must be from 0 to 720 hours'],
  ['dispatcher_settings.late_threshold_range', { min: 0, max: 240 }, 'Late threshold must be a whole number of minutes from 0 to 240'],
];

describe("the delivery network's refusals by key", () => {
  it('words each limit in English exactly as the database does', async () => {
    const en = await words('en');
    for (const [key, params, message] of withParams) expect(en(key, params), key).toBe(message);
  });

  it('words the limits in Spanish and French from their params', async () => {
    const es = await words('es');
    const fr = await words('fr');
    expect(es('pricing.min_transit_time_range', { min: 0, max: 720 })).toBe('El tránsito mínimo debe estar entre 0 y 720 horas');
    expect(es('zones.polygon_too_few_points', { min: 3 })).toBe('Dibuja al menos 3 puntos');
    expect(es('vehicles.code_too_long', { max: 64 })).toBe('El código debe tener como máximo 64 caracteres');
    expect(fr('dispatcher_settings.late_threshold_range', { min: 0, max: 240 })).toBe(
      'Le seuil de retard doit être un nombre entier de minutes compris entre 0 et 240',
    );
    expect(fr('services.code_format', { max: 32 })).toBe('Le code doit compter jusqu’à 32 lettres, chiffres, - ou _, et commencer par une lettre ou un chiffre');
    expect(fr('zones.polygon_too_many_points', { max: 500 })).toBe('Une zone peut avoir au plus 500 points');
    for (const [key, params] of withParams) {
      expect(es(key, params), key).not.toMatch(/[{}]/);
      expect(fr(key, params), key).not.toMatch(/[{}]/);
    }
  });
});
