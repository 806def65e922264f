import { describe, expect, it } from 'vitest';
import { customerReturnSchema, dropoffText, endedAt, isActive, parseView, proofSummary, RETURN_MESSAGES, returnablePackages, toReturnItems, writeView, type CustomerDelivery } from './schema';

describe('the dashboard view in the URL', () => {
  it('reads show and both pages, falling back to the defaults on anything else', () => {
    expect(parseView('')).toEqual({ show: 'all', activePage: 1, pastPage: 1 });
    expect(parseView('?show=past&page=3&active_page=2')).toEqual({ show: 'past', activePage: 2, pastPage: 3 });
    expect(parseView('show=everything&page=-1&active_page=abc')).toEqual({ show: 'all', activePage: 1, pastPage: 1 });
    expect(parseView('page=0')).toEqual({ show: 'all', activePage: 1, pastPage: 1 });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(writeView({ show: 'all', activePage: 1, pastPage: 1 })).toBe('');
    expect(writeView({ show: 'past', activePage: 1, pastPage: 2 })).toBe('show=past&page=2');
    expect(writeView({ show: 'active', activePage: 3, pastPage: 1 }, 'tab=x&page=9')).toBe('tab=x&show=active&active_page=3');
  });
});

describe('what a card shows', () => {
  it('active is pending up to in transit', () => {
    expect(['pending', 'assigned', 'accepted', 'picked_up', 'in_transit'].every((s) => isActive(s as never))).toBe(true);
    expect(['delivered', 'failed', 'cancelled', 'returned'].some((s) => isActive(s as never))).toBe(false);
  });

  it('the drop-off: the full address, else line and city', () => {
    expect(dropoffText({ full_address: '500 Howard St, San Francisco' })).toBe('500 Howard St, San Francisco');
    expect(dropoffText({ address_line1: '500 Howard St', city: 'San Francisco' })).toBe('500 Howard St, San Francisco');
    expect(dropoffText({})).toBe('—');
    expect(dropoffText(null)).toBe('—');
  });

  it('the proof: recipient, signature and photos, tolerating what the driver app left out', () => {
    expect(proofSummary({ recipient_name: ' Carla ', signature_url: 'a.png', photo_urls: ['1', '2'] })).toEqual({ recipient: 'Carla', signed: true, photos: 2 });
    expect(proofSummary({ notes: 'Left at the door' })).toEqual({ recipient: null, signed: false, photos: 0 });
    expect(proofSummary(null)).toEqual({ recipient: null, signed: false, photos: 0 });
  });

  it('when a past delivery ended, by its outcome', () => {
    const base = { delivered_at: 'd', failed_at: 'f', cancelled_at: 'c', returned_at: 'r' } as unknown as CustomerDelivery;
    expect(endedAt({ ...base, status: 'delivered' })).toBe('d');
    expect(endedAt({ ...base, status: 'failed' })).toBe('f');
    expect(endedAt({ ...base, status: 'cancelled' })).toBe('c');
    expect(endedAt({ ...base, status: 'returned' })).toBe('r');
    expect(endedAt({ ...base, status: 'in_transit' })).toBeNull();
  });
});

describe('a customer\'s return request', () => {
  const packages = returnablePackages([{ description: 'Office chair', quantity: 2 }, { quantity: 1 }, {}]);

  it('offers each package line with its delivered quantity', () => {
    expect(packages).toEqual([
      { index: 0, description: 'Office chair', quantity: 2 },
      { index: 1, description: 'Package 2', quantity: 1 },
      { index: 2, description: 'Package 3', quantity: 1 },
    ]);
    expect(returnablePackages(null)).toEqual([]);
  });

  it('asks for a reason, words for Other, and at least one item within the quantities', () => {
    const schema = customerReturnSchema(packages);
    const messages = (input: unknown) => {
      const r = schema.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(messages({ reason: '', reason_text: '', quantities: [1, 0, 0] })).toEqual([`reason: ${RETURN_MESSAGES.reason}`]);
    expect(messages({ reason: 'other', reason_text: '  ', quantities: [1, 0, 0] })).toEqual([`reason_text: ${RETURN_MESSAGES.reasonText}`]);
    expect(messages({ reason: 'damaged', reason_text: '', quantities: [0, 0, 0] })).toEqual([`quantities.0: ${RETURN_MESSAGES.items}`]);
    expect(messages({ reason: 'damaged', reason_text: '', quantities: [3, 0, 0] })).toEqual(['quantities.0: From 0 to 2']);
    expect(messages({ reason: 'damaged', reason_text: '', quantities: ['2', '0', '1'] })).toEqual([]);
  });

  it('sends only the lines that come back', () => {
    expect(toReturnItems(packages, [2, 0, 1])).toEqual([
      { package_index: 0, description: 'Office chair', quantity: 2 },
      { package_index: 2, description: 'Package 3', quantity: 1 },
    ]);
  });
});
