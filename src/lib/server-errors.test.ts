import { describe, expect, it, vi } from 'vitest';
import { applyServerErrors, DEFAULT_SERVER_MESSAGES, saveFailureToasts } from './server-errors';

const known = ['name', 'code', 'capacity_unit', 'items.0.bin_id'];

function run(error: unknown, fields: string[] = known) {
  const setError = vi.fn();
  const result = applyServerErrors(error, setError, fields);
  const set = Object.fromEntries(setError.mock.calls.map(([field, value]) => [field, (value as { message: string }).message]));
  return { result, set, setError };
}

describe('applyServerErrors', () => {
  it('applies a bare [{field, message}] array and focuses the first field', () => {
    const { result, set, setError } = run([
      { field: 'name', message: 'Name is required!' },
      { field: 'code', message: 'Code is required!' },
    ]);
    expect(result).toEqual({ applied: ['name', 'code'], unmatched: null });
    expect(set).toEqual({ name: 'Name is required!', code: 'Code is required!' });
    expect(setError.mock.calls[0]?.[2]).toEqual({ shouldFocus: true });
    expect(setError.mock.calls[1]?.[2]).toEqual({ shouldFocus: false });
  });

  it('reads {details: [...]} and {errors: [...]}', () => {
    expect(run({ message: 'Validation failed', details: [{ field: 'name', message: 'Bad name' }] }).set).toEqual({ name: 'Bad name' });
    expect(run({ errors: [{ field: 'code', message: 'Bad code' }] }).set).toEqual({ code: 'Bad code' });
  });

  it('reads the JSON a PL/pgSQL raise puts in a PostgREST error (details, then hint, then message)', () => {
    const fromDetails = run({ code: 'P0001', message: 'Validation failed', details: '[{"field":"name","message":"Name is required!"}]', hint: null });
    expect(fromDetails.result).toEqual({ applied: ['name'], unmatched: null });
    expect(fromDetails.set).toEqual({ name: 'Name is required!' });
    expect(run({ code: 'P0001', message: 'Validation failed', details: null, hint: '{"details":[{"field":"code","message":"Taken"}]}' }).set).toEqual({
      code: 'Taken',
    });
    expect(run({ code: 'P0001', message: '[{"field":"capacity_unit","message":"Too small"}]', details: null, hint: null }).set).toEqual({
      capacity_unit: 'Too small',
    });
  });

  it('reads a 23514 raised with JSON details before looking at the constraint', () => {
    const { set } = run({ code: '23514', message: 'Validation failed', details: '[{"field":"code","message":"Code is required!"}]', hint: null });
    expect(set).toEqual({ code: 'Code is required!' });
  });

  it('unwraps an edge function body {error: {...}}', () => {
    expect(run({ error: { message: 'Validation failed', details: [{ field: 'name', message: 'Nope' }] } }).set).toEqual({ name: 'Nope' });
  });

  it('maps array paths written with brackets', () => {
    expect(run([{ field: 'items[0].bin_id', message: 'Bin is required' }]).set).toEqual({ 'items.0.bin_id': 'Bin is required' });
  });

  it('returns details for fields the form does not show as one message, keeping the rest on their fields', () => {
    const { result, set } = run([
      { field: 'name', message: 'Name is required!' },
      { field: 'tenant_id', message: 'Tenant ID is required' },
      { field: '', message: 'Something else' },
    ]);
    expect(set).toEqual({ name: 'Name is required!' });
    expect(result).toEqual({ applied: ['name'], unmatched: 'Tenant ID is required\nSomething else' });
  });

  it('maps a 23505 unique violation to the key columns the form shows', () => {
    const { result, set } = run({
      code: '23505',
      message: 'duplicate key value violates unique constraint "vehicles_tenant_id_code_key"',
      details: 'Key (tenant_id, code)=(7d2..., TRK-1) already exists.',
      hint: null,
    });
    expect(set).toEqual({ code: DEFAULT_SERVER_MESSAGES.unique });
    expect(result.unmatched).toBeNull();
  });

  it('maps a 23505 without details by the <table>_<columns>_key name', () => {
    const { set } = run({ code: '23505', message: 'duplicate key value violates unique constraint "vehicles_code_key"', details: null, hint: null });
    expect(set).toEqual({ code: DEFAULT_SERVER_MESSAGES.unique });
  });

  it('maps a 23514 check violation by the <table>_<column>_check name, with the screen message', () => {
    const setError = vi.fn();
    const result = applyServerErrors(
      { code: '23514', message: 'new row for relation "vehicles" violates check constraint "vehicles_capacity_unit_check"', details: 'Failing row contains (...)', hint: null },
      setError,
      known,
      { check: 'Capacity unit must be a number and greater than 0!' },
    );
    expect(result).toEqual({ applied: ['capacity_unit'], unmatched: null });
    expect(setError).toHaveBeenCalledWith('capacity_unit', { type: 'server', message: 'Capacity unit must be a number and greater than 0!' }, { shouldFocus: true });
  });

  it('maps a 23502 not-null violation to its column', () => {
    const { set } = run({ code: '23502', message: 'null value in column "name" of relation "vehicles" violates not-null constraint', details: null, hint: null });
    expect(set).toEqual({ name: DEFAULT_SERVER_MESSAGES.required });
  });

  it('gives a constraint on a column the form does not show to the toast', () => {
    const { result, setError } = run({ code: '23514', message: 'new row violates check constraint "vehicles_tenant_id_check"', details: null, hint: null });
    expect(setError).not.toHaveBeenCalled();
    expect(result).toEqual({ applied: [], unmatched: 'new row violates check constraint "vehicles_tenant_id_check"' });
  });

  it('turns anything else into one message, with a fallback', () => {
    expect(run(new Error('Failed to update vehicle')).result).toEqual({ applied: [], unmatched: 'Failed to update vehicle' });
    expect(run('Offline').result.unmatched).toBe('Offline');
    expect(run({ code: '42501', message: 'permission denied for table vehicles', details: null, hint: null }).result.unmatched).toBe(
      'permission denied for table vehicles',
    );
    expect(run(undefined).result.unmatched).toBe(DEFAULT_SERVER_MESSAGES.fallback);
    expect(run({ details: [] }).result.unmatched).toBe(DEFAULT_SERVER_MESSAGES.fallback);
  });
});

describe('saveFailureToasts', () => {
  const texts = { validation: 'Validation failed', failed: 'Failed to update zone', unknown: 'An error occurred while submitting the form' };
  it('names the validation, then what no field could show', () => {
    expect(saveFailureToasts({ code: '23514' }, { applied: ['name'], unmatched: null }, texts)).toEqual(['Validation failed']);
    expect(saveFailureToasts({ code: '23514' }, { applied: ['name'], unmatched: 'Code is taken' }, texts)).toEqual(['Validation failed', 'Code is taken']);
  });
  it('tells a server refusal without fields from any other failure', () => {
    expect(saveFailureToasts({ code: '42501', message: 'denied' }, { applied: [], unmatched: 'denied' }, texts)).toEqual(['Failed to update zone']);
    expect(saveFailureToasts(new TypeError('Failed to fetch'), { applied: [], unmatched: null }, texts)).toEqual(['An error occurred while submitting the form']);
  });
});

describe('applyServerErrors with keys', () => {
  const french: Record<string, string> = { 'vehicle.code_taken': 'Ce code est déjà pris', 'quote.service_inactive': 'Le service {service} n’est pas actif', 'chat.conversation_not_found': 'Conversation introuvable' };
  const translate = (key: string, params?: Record<string, unknown>) => french[key]?.replace('{service}', String(params?.service));

  function keyed(error: unknown, fields: string[] = known) {
    const setError = vi.fn();
    const result = applyServerErrors(error, setError, fields, { translate });
    const set = Object.fromEntries(setError.mock.calls.map(([field, value]) => [field, (value as { message: string }).message]));
    return { result, set };
  }

  it('puts a known key under its field in the user\'s language, with its params', () => {
    const details = JSON.stringify([
      { field: 'code', key: 'vehicle.code_taken', message: 'Code is already taken!' },
      { field: 'name', key: 'quote.service_inactive', message: 'Service Bike is not active', params: { service: 'Bike' } },
    ]);
    expect(keyed({ code: '23514', message: 'Validation failed', details }).set).toEqual({ code: 'Ce code est déjà pris', name: 'Le service Bike n’est pas actif' });
  });

  it('shows the server\'s English for an unknown or absent key, and without a translator', () => {
    const details = JSON.stringify([
      { field: 'code', key: 'vehicle.newer_rule', message: 'A newer rule' },
      { field: 'name', message: 'No key at all' },
    ]);
    expect(keyed({ code: '23514', message: 'Validation failed', details }).set).toEqual({ code: 'A newer rule', name: 'No key at all' });
    expect(run({ code: '23514', details: JSON.stringify([{ field: 'code', key: 'vehicle.code_taken', message: 'Code is already taken!' }]) }).set).toEqual({ code: 'Code is already taken!' });
  });

  it('gives a keyed refusal with no field (or a field the form lacks) to the toast, translated', () => {
    const notFound = { code: 'PT404', message: 'Conversation not found', details: JSON.stringify([{ key: 'chat.conversation_not_found', message: 'Conversation not found' }]) };
    expect(keyed(notFound).result).toEqual({ applied: [], unmatched: 'Conversation introuvable' });
  });

  it('reads an edge function error\'s own key when it has no details', () => {
    expect(keyed({ message: 'Conversation not found', key: 'chat.conversation_not_found' }).result).toEqual({ applied: [], unmatched: 'Conversation introuvable' });
    expect(keyed({ message: 'Something new', key: 'x.newer' }).result).toEqual({ applied: [], unmatched: 'Something new' });
  });
});
