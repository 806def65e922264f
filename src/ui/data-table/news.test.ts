import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';
import { en } from '../messages/en';
import es from '../messages/es';
import fr from '../messages/fr';
import { newsSentence } from './news';

type Row = { code: string };
const row = (code: string): Row => ({ code });
const name = (r: Row) => r.code;
const say = { en: translator(uiMessages, 'en', en), es: translator(uiMessages, 'es', es), fr: translator(uiMessages, 'fr', fr) };

describe('newsSentence', () => {
  it('names a few rows that arrived and each status that moved, in English, Spanish and French', () => {
    const news = { arrived: [row('D-1'), row('D-2')], statusChanged: [{ row: row('D-0'), status: 'Delivered' }] };
    expect(newsSentence(news, 'Deliveries', name, say.en)).toBe('New in Deliveries: D-1, D-2. D-0 is now Delivered.');
    expect(newsSentence(news, 'Deliveries', name, say.es)).toBe('Nuevo en Deliveries: D-1, D-2. D-0: ahora Delivered.');
    expect(newsSentence(news, 'Deliveries', name, say.fr)).toBe('Nouveau dans Deliveries : D-1, D-2. D-0 : désormais Delivered.');
  });

  it('counts many rows, or rows the list does not name, with plurals', () => {
    const many = { arrived: ['a', 'b', 'c', 'd'].map(row), statusChanged: ['e', 'f', 'g', 'h'].map((code) => ({ row: row(code), status: 'Failed' })) };
    expect(newsSentence(many, 'Deliveries', name, say.en)).toBe('4 new rows in Deliveries. 4 rows in Deliveries changed status.');
    expect(newsSentence(many, 'Entregas', name, say.es)).toBe('4 filas nuevas en Entregas. 4 filas de Entregas cambiaron de estado.');
    expect(newsSentence(many, 'Livraisons', name, say.fr)).toBe('4 nouvelles lignes dans Livraisons. 4 lignes de Livraisons ont changé de statut.');
    const one = { arrived: [row('a')], statusChanged: [{ row: row('b'), status: 'Failed' }] };
    expect(newsSentence(one, 'Deliveries', undefined, say.en)).toBe('1 new row in Deliveries. 1 row in Deliveries changed status.');
    expect(newsSentence(one, 'Entregas', undefined, say.es)).toBe('1 fila nueva en Entregas. 1 fila de Entregas cambió de estado.');
    expect(newsSentence(one, 'Livraisons', undefined, say.fr)).toBe('1 nouvelle ligne dans Livraisons. 1 ligne de Livraisons a changé de statut.');
  });

  it('says nothing when nothing arrived or moved', () => {
    expect(newsSentence({ arrived: [], statusChanged: [] }, 'Deliveries', name, say.en)).toBeNull();
  });
});
