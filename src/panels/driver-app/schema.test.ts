import { describe, expect, it } from 'vitest';
import { failErrors, navigationUrl, nextStep, proofErrors, proofFileName, rejectError, visibleProofItems, type DeliverySettings, type ProofValues } from './schema';

const reasons = ['Recipient not available', 'Address not found'];
const settingsWith = (proof: Partial<DeliverySettings['proof']>): DeliverySettings => ({
  proof: { signature: 'optional', photo: 'optional', recipient_name: 'optional', notes: 'optional', ...proof },
  failure_reasons: reasons,
});
const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'door.png', { type: 'image/png' });
const empty: ProofValues = { signature: null, photos: [], recipientName: '', notes: '', cashConfirmed: false };

describe('the proof form follows the tenant settings', () => {
  it('asks for nothing when everything is optional', () => {
    expect(proofErrors(empty, settingsWith({}), 0)).toEqual({});
  });

  it('requires each item the tenant requires, in the database words', () => {
    const all = settingsWith({ signature: 'required', photo: 'required', recipient_name: 'required', notes: 'required' });
    expect(proofErrors(empty, all, 0)).toEqual({
      signature: 'A signature is required',
      photos: 'A photo is required',
      recipientName: "The recipient's name is required",
      notes: 'Notes are required',
    });
    expect(proofErrors({ ...empty, recipientName: '   ', notes: ' ' }, all, 0)).toMatchObject({ recipientName: "The recipient's name is required", notes: 'Notes are required' });
    expect(proofErrors({ signature: new Blob(['sig'], { type: 'image/png' }), photos: [png()], recipientName: 'Ana', notes: 'Left at door', cashConfirmed: false }, all, 0)).toEqual({});
  });

  it('hides what the tenant turned off and shows the rest', () => {
    expect(visibleProofItems(settingsWith({ signature: 'off', notes: 'off' }))).toEqual(['photo', 'recipient_name']);
    expect(visibleProofItems(settingsWith({}))).toEqual(['signature', 'photo', 'recipient_name', 'notes']);
  });

  it('refuses photos the proofs bucket would refuse', () => {
    const gif = new File(['x'], 'a.gif', { type: 'image/gif' });
    expect(proofErrors({ ...empty, photos: [gif] }, settingsWith({}), 0).photos).toBe('Photos must be JPEG, PNG or WebP images');
    expect(proofErrors({ ...empty, photos: Array.from({ length: 11 }, () => png()) }, settingsWith({}), 0).photos).toBe('Add at most 10 photos');
  });

  it('asks the driver to confirm the cash when the delivery collects some', () => {
    expect(proofErrors(empty, settingsWith({}), 25).cash).toBe('Confirm that you collected the cash');
    expect(proofErrors({ ...empty, cashConfirmed: true }, settingsWith({}), 25)).toEqual({});
  });

  it('limits the lengths the database limits', () => {
    expect(proofErrors({ ...empty, recipientName: 'a'.repeat(201) }, settingsWith({}), 0).recipientName).toBe('The name must be at most 200 characters');
    expect(proofErrors({ ...empty, notes: 'a'.repeat(1001) }, settingsWith({}), 0).notes).toBe('Notes must be at most 1000 characters');
  });
});

describe('failing and rejecting', () => {
  it('needs one of the tenant failure reasons', () => {
    expect(failErrors({ reason: '', note: '', photo: null }, settingsWith({})).reason).toBe('Choose a reason');
    expect(failErrors({ reason: 'Dog', note: '', photo: null }, settingsWith({})).reason).toBe('Choose one of the reasons listed');
    expect(failErrors({ reason: 'Address not found', note: 'Gate locked', photo: png() }, settingsWith({}))).toEqual({});
  });

  it('needs a reason to reject an assignment', () => {
    expect(rejectError('  ')).toBe('A reason is required');
    expect(rejectError('Van is full')).toBeNull();
  });
});

describe('the task flow', () => {
  it('moves accepted, picked up, in transit, then deliver', () => {
    expect(nextStep('accepted')).toBe('picked_up');
    expect(nextStep('picked_up')).toBe('in_transit');
    expect(nextStep('in_transit')).toBe('deliver');
    expect(nextStep('delivered')).toBeNull();
  });

  it('links out to directions without fetching anything', () => {
    expect(navigationUrl(37.77, -122.41)).toBe('https://www.google.com/maps/dir/?api=1&destination=37.77,-122.41');
  });

  it('names proof files the way the bucket accepts them', () => {
    expect(proofFileName('signature', 'image/png')).toMatch(/^signature-[0-9a-f-]{36}\.png$/);
    expect(proofFileName('photo', 'image/jpeg')).toMatch(/\.jpg$/);
  });
});
