import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n/catalogue';
import { csvFileName, remittancesCsv } from './csv';
import { remitMessages } from './messages';
import fr from './messages/fr';
import type { RemittanceRow } from './schema';

const row = (patch: Partial<RemittanceRow> = {}): RemittanceRow => ({
  id: 'r1',
  reference_number: 'ACME-R00001',
  driver_id: 'd1',
  driver_name: 'Daniel Okafor',
  recorded_by_name: 'Dana Dispatcher',
  amount: 44.98,
  expected_amount: 44.98,
  currency: 'USD',
  method: 'cash',
  note: '',
  discrepancy_reason: null,
  recorded_at: '2026-11-20T17:05:00.000Z',
  delivery_codes: ['ACME-001010', 'ACME-001022'],
  ...patch,
});

describe('remittancesCsv', () => {
  it('writes each remittance with amounts, difference, method label and codes', () => {
    const text = remittancesCsv([
      row(),
      row({ id: 'r2', reference_number: 'ACME-R00002', amount: 40, expected_amount: 44.98, method: 'bank_transfer', discrepancy_reason: 'Kept 4.98, fuel', note: 'Shift "B"' }),
    ]);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Reference,Recorded at,Driver,Amount,Expected,Difference,Currency,Method,Deliveries,Discrepancy reason,Note,Recorded by');
    expect(lines[1]).toBe('ACME-R00001,2026-11-20T17:05:00.000Z,Daniel Okafor,44.98,44.98,0.00,USD,Cash,ACME-001010 ACME-001022,,,Dana Dispatcher');
    expect(lines[2]).toBe('ACME-R00002,2026-11-20T17:05:00.000Z,Daniel Okafor,40.00,44.98,-4.98,USD,Bank transfer,ACME-001010 ACME-001022,"Kept 4.98, fuel","Shift ""B""",Dana Dispatcher');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });
  it('names the columns and the method in the page’s language, the values as a machine reads them', () => {
    const lines = remittancesCsv([row({ amount: 1234.5, expected_amount: 1234.5, method: 'bank_transfer' })], translator(remitMessages, 'fr', fr)).split('\r\n');
    expect(lines[0]).toBe('Référence,Enregistrée le,Chauffeur,Montant,Prévu,Écart,Devise,Mode de paiement,Livraisons,Motif de l’écart,Note,Enregistrée par');
    expect(lines[1]).toBe('ACME-R00001,2026-11-20T17:05:00.000Z,Daniel Okafor,1234.50,1234.50,0.00,USD,Virement bancaire,ACME-001010 ACME-001022,,,Dana Dispatcher');
  });
  it('names the file after the range', () => {
    expect(csvFileName(undefined, undefined)).toBe('remittances.csv');
    expect(csvFileName('2026-11-01', '2026-11-30')).toBe('remittances_2026-11-01_2026-11-30.csv');
  });
});
