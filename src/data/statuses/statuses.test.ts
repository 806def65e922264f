import { describe, expect, it } from 'vitest';
import { defineCatalogue } from '../../lib/i18n/catalogue';
import { defineStatuses, humanizeStatus, relabelStatuses, type StatusVocabulary } from '../../lib/status-vocabulary';
import {
  assignmentStatus,
  conversationSupportState,
  deliveryStatus,
  driverStatus,
  exceptionSeverity,
  exceptionStatus,
  EXCEPTION_TYPE_OPTIONS,
  exceptionTypeLabel,
  failureState,
  locationStatus,
  returnStatus,
  warehouseStatus,
} from '.';
import * as statuses from '.';

/** Every vocabulary the folder exports (the machines and the other closed sets). */
const vocabularies = Object.fromEntries(Object.entries(statuses as Record<string, unknown>).filter((entry): entry is [string, StatusVocabulary] => typeof entry[1] === 'object' && entry[1] !== null && 'tones' in entry[1]));

describe('status vocabularies', () => {
  it('are all found', () => {
    expect(Object.keys(vocabularies)).toHaveLength(17);
  });

  it.each(Object.entries(vocabularies))('%s: a label and a tone for every value, and the options in the machine order', (_name, vocabulary) => {
    for (const value of vocabulary.values) {
      expect(vocabulary.labels[value]).toBeTruthy();
      expect(vocabulary.tones[value]).toBeTruthy();
    }
    expect(Object.keys(vocabulary.labels).sort()).toEqual([...vocabulary.values].sort());
    expect(vocabulary.options).toEqual(vocabulary.values.map((value) => ({ value, label: vocabulary.labels[value] })));
  });

  it('deliveries: waiting grey, on its way blue, done green, failed red, returned amber, cancelled grey', () => {
    expect(deliveryStatus.tones).toEqual({
      pending: 'neutral',
      assigned: 'info',
      accepted: 'info',
      picked_up: 'info',
      in_transit: 'info',
      delivered: 'success',
      failed: 'error',
      cancelled: 'neutral',
      returned: 'warning',
    });
    expect(deliveryStatus.labels.in_transit).toBe('In transit');
  });

  it('drivers: available green, busy blue, on break amber, offline grey', () => {
    expect(driverStatus.tones).toEqual({ available: 'success', busy: 'info', on_break: 'warning', offline: 'neutral' });
    expect(driverStatus.options.map((o) => o.label)).toEqual(['Available', 'Busy', 'On break', 'Offline']);
  });

  it('assignments: green for completed, red for rejected, the warning colour for every other status', () => {
    expect(['completed', 'rejected', 'pending', 'accepted', 'cancelled'].map((s) => assignmentStatus.tone(s))).toEqual(['success', 'error', 'warning', 'warning', 'warning']);
    expect(assignmentStatus.options.map((o) => o.label)).toEqual(['Pending', 'Accepted', 'Rejected', 'Completed', 'Cancelled']);
  });

  it('exceptions: open red, investigating amber, resolved green, closed grey; severity critical red down to low grey', () => {
    expect(exceptionStatus.tones).toEqual({ open: 'error', investigating: 'warning', resolved: 'success', closed: 'neutral' });
    expect(exceptionSeverity.tones).toEqual({ low: 'neutral', medium: 'info', high: 'warning', critical: 'error' });
    expect(exceptionTypeLabel('address_problem')).toBe('Address problem');
    expect(exceptionTypeLabel('something_new')).toBe('something_new');
    expect(EXCEPTION_TYPE_OPTIONS[0]).toEqual({ value: 'damaged', label: 'Damaged' });
  });

  it('returns: waiting amber, on its way back blue, done green, refused red', () => {
    expect(returnStatus.tone('requested')).toBe('warning');
    expect(returnStatus.tone('pickup_scheduled')).toBe('info');
    expect(returnStatus.tone('received')).toBe('success');
    expect(returnStatus.tone('rejected')).toBe('error');
    expect(returnStatus.label('pickup_scheduled')).toBe('Pickup scheduled');
  });

  it("warehouses: a full warehouse reads 'Full Capacity', a location under maintenance 'Under Maintenance'", () => {
    expect(warehouseStatus.label('full')).toBe('Full Capacity');
    expect(warehouseStatus.tone('full')).toBe('error');
    expect(warehouseStatus.label('maintenance')).toBe('Maintenance');
    expect(locationStatus.label('maintenance')).toBe('Under Maintenance');
    expect(locationStatus.tone('reserved')).toBe('info');
  });

  it('the dispatcher queues: waiting or open red, acknowledged amber, resolved green', () => {
    expect(failureState.tones).toEqual({ open: 'error', acknowledged: 'warning', resolved: 'success' });
    expect(conversationSupportState.label('waiting')).toBe('Waiting for dispatch');
  });
});

describe('defineStatuses', () => {
  const v = defineStatuses(['on', 'off_duty'], { labels: { on: 'On', off_duty: 'Off' }, tones: { on: 'success', off_duty: 'neutral' } });

  it('reads a value no build knows as its own words, in grey', () => {
    expect(v.label('half_way')).toBe('Half way');
    expect(v.tone('half_way')).toBe('neutral');
    expect(humanizeStatus('picked_up')).toBe('Picked up');
  });

  it('answers the words and tone of a known value', () => {
    expect(v.label('off_duty')).toBe('Off');
    expect(v.tone('on')).toBe('success');
  });

  it("words a catalogued machine by its prefix: each value's key is '<prefix>.<value>', its label the English", () => {
    const en = { 'duty.on': 'On duty', 'duty.off_duty': 'Off duty', 'other.on': 'Elsewhere' };
    const catalogue = defineCatalogue('duty-test', en, { es: async () => ({ default: en }), fr: async () => ({ default: en }) });
    const duty = defineStatuses(['on', 'off_duty'], { words: { catalogue, prefix: 'duty' }, tones: { on: 'success', off_duty: 'neutral' } });
    expect(duty.words.keys).toEqual({ on: 'duty.on', off_duty: 'duty.off_duty' });
    expect(duty.words.catalogue).toBe(catalogue);
    expect(duty.options).toEqual([
      { value: 'on', label: 'On duty' },
      { value: 'off_duty', label: 'Off duty' },
    ]);
    expect(duty.tone('off_duty')).toBe('neutral');
    // @ts-expect-error the catalogue has no 'other.off_duty': a prefix must word every value
    defineStatuses(['on', 'off_duty'], { words: { catalogue, prefix: 'other' }, tones: { on: 'success', off_duty: 'neutral' } });
  });

  it('the shared machines keep their catalogue keys', () => {
    expect(deliveryStatus.words.keys.picked_up).toBe('delivery.picked_up');
    expect(exceptionSeverity.words.keys.critical).toBe('severity.critical');
    expect(conversationSupportState.words.keys.waiting).toBe('conversation.waiting');
    expect(locationStatus.words.keys).toEqual({ active: 'location.active', inactive: 'location.inactive', maintenance: 'location.maintenance', reserved: 'location.reserved' });
  });

  it('says the same values in other words, keeping tones and order, an unknown value as itself', () => {
    const spanish = relabelStatuses(v, (value) => ({ on: 'De servicio', off_duty: 'Fuera de servicio' })[value]);
    expect(spanish.options).toEqual([
      { value: 'on', label: 'De servicio' },
      { value: 'off_duty', label: 'Fuera de servicio' },
    ]);
    expect(spanish.label('off_duty')).toBe('Fuera de servicio');
    expect(spanish.tone('on')).toBe('success');
    expect(spanish.label('half_way')).toBe('Half way');
  });
});
