import { describe, expect, it } from 'vitest';
import { createHandoffSchema, editHandoffSchema, emptyCreateHandoff, toEditHandoff } from './schema';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('package handoff forms', () => {
  it('create: every field is required with its message, and starts with no status', () => {
    const empty = emptyCreateHandoff();
    expect(empty).not.toHaveProperty('status');
    expect(messages(createHandoffSchema.safeParse(empty))).toEqual({
      warehouse_id: 'Warehouse is required',
      delivery_id: 'Delivery is required',
      picking_order_id: 'Picking order is required',
      warehouse_staff_id: 'Warehouse staff is required',
      signature_url: 'Signature URL is required',
    });
  });

  it('edit: the status starts at pending whatever the handoff is in, and is required', () => {
    expect(toEditHandoff({ notes: 'dock 3' })).toEqual({ status: 'pending', signature_url: null, notes: 'dock 3' });
    expect(messages(editHandoffSchema(true).safeParse({ status: '', signature_url: null, notes: '' }))).toEqual({ status: 'Status is required' });
  });

  it('edit: a signature is required, the stored one counts', () => {
    expect(editHandoffSchema(true).safeParse({ status: 'completed', signature_url: null, notes: '' }).success).toBe(true);
    expect(messages(editHandoffSchema(false).safeParse({ status: 'completed', signature_url: null, notes: '' }))).toEqual({ signature_url: 'Signature URL is required' });
  });
});
