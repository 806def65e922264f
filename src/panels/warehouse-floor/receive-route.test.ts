import { describe, expect, it } from 'vitest';
import type { FloorReceiveLine, ScannedBin } from './api';
import { translator } from '../../lib/i18n/catalogue';
import { floorMessages } from './messages';
import es from './messages/es';
import fr from './messages/fr';
import { binScanProblem, openReceiveLines } from './receive-route';

const line = (id: string, expected: number, received = 0): FloorReceiveLine => ({
  id,
  position: 0,
  item_id: `item-${id}`,
  expected_quantity: expected,
  received_quantity: received,
  lot_number: null,
  serial_number: null,
  item: { name: 'Crate', sku: 'CR-1', barcode: null },
  suggestion: null,
});

const location = (warehouse_id: string, overrides: Partial<ScannedBin> = {}): ScannedBin => ({
  id: `bin-${warehouse_id}`,
  code: 'Z1-A01-S1-B01',
  warehouse_id,
  location_type: 'bin',
  status: 'active',
  warehouse: { name: warehouse_id === 'w1' ? 'Bayview' : 'Oakland' },
  ...overrides,
});

describe("the receiver's lines", () => {
  it('keeps the lines with units left, in order, without the skipped ones', () => {
    const lines = [line('a', 2, 2), line('b', 3, 1), line('c', 1), line('d', 4)];
    expect(openReceiveLines(lines, new Set(['c'])).map((l) => l.id)).toEqual(['b', 'd']);
  });
});

describe('a scanned bin', () => {
  it("is taken when it is an active bin of the order's warehouse, even when another warehouse has the same code", () => {
    expect(binScanProblem(' z1-a01-s1-b01 ', 'w1', 'Bayview', [location('w2'), location('w1')])).toEqual({ bin: { id: 'bin-w1', code: 'Z1-A01-S1-B01' } });
  });

  it('is refused, saying why, when unknown, of another warehouse, not a bin or not active', () => {
    expect(binScanProblem('x9', 'w1', 'Bayview', [])).toEqual({ problem: { key: 'problem.noBin', values: { code: 'X9' } } });
    expect(binScanProblem('Z1-A01-S1-B01', 'w1', 'Bayview', [location('w2')])).toEqual({
      problem: { key: 'problem.binElsewhere', values: { code: 'Z1-A01-S1-B01', warehouse: 'Oakland', here: 'Bayview' } },
    });
    expect(binScanProblem('Z1-A01-S1-B01', 'w1', 'Bayview', [location('w2', { warehouse: null })])).toEqual({
      problem: { key: 'problem.binElsewhereUnknown', values: { code: 'Z1-A01-S1-B01', here: 'Bayview' } },
    });
    expect(binScanProblem('Z1', 'w1', 'Bayview', [location('w1', { location_type: 'zone' })])).toEqual({ problem: { key: 'problem.notBin', values: { code: 'Z1' } } });
    expect(binScanProblem('Z1-A01-S1-B01', 'w1', 'Bayview', [location('w1', { status: 'inactive' })])).toEqual({
      problem: { key: 'problem.binInactive', values: { code: 'Z1-A01-S1-B01' } },
    });
  });

  it('is said in the receiver\'s language', () => {
    const say = (language: 'en' | 'es' | 'fr', messages: Record<string, string>) => {
      const verdict = binScanProblem('z1-a01-s1-b01', 'w1', 'Bayview', [location('w2')]);
      return 'problem' in verdict ? translator(floorMessages, language, messages)(verdict.problem.key, verdict.problem.values) : null;
    };
    expect(say('en', floorMessages.en)).toBe('Bin Z1-A01-S1-B01 is in Oakland, not Bayview');
    expect(say('es', es)).toBe('La ubicación Z1-A01-S1-B01 está en Oakland, no en Bayview');
    expect(say('fr', fr)).toBe('L’emplacement Z1-A01-S1-B01 se trouve à Oakland, pas à Bayview');
  });
});

describe("the receiver's progress", () => {
  it('counts units with the plural and the number format of each language', () => {
    const progress = (language: 'en' | 'es' | 'fr', messages: Record<string, string>, received: number, expected: number) =>
      translator(floorMessages, language, messages)('receive.progress', { received, expected });
    expect(progress('en', floorMessages.en, 0, 5)).toBe('0 of 5 units received');
    expect(progress('en', floorMessages.en, 1, 1)).toBe('1 of 1 unit received');
    expect(progress('es', es, 1200, 1500)).toBe('1200 de 1500 unidades recibidas');
    expect(progress('fr', fr, 0, 1)).toBe('0 sur 1 unité reçue');
    expect(progress('fr', fr, 1200, 1500)).toBe('1\u202f200 sur 1\u202f500 unités reçues');
  });
});
