import { describe, expect, it, vi } from 'vitest';

// The module's upload call needs the app's client; these tests read answers only.
vi.mock('./supabase', () => ({ supabase: {} }));
import { applyServerErrors } from './server-errors';
import { EdgeFunctionError, edgeFunctionError, safeFileName } from './edge-functions';

const httpError = (status: number, body: unknown) => ({ context: new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }) });

describe('edgeFunctionError', () => {
  it("reads the function's {error: {code, message, details}}", async () => {
    const error = await edgeFunctionError(httpError(400, { error: { code: 'validation_failed', message: 'Validation failed', details: [{ field: 'email', message: 'Valid email is required' }] } }));
    expect(error).toBeInstanceOf(EdgeFunctionError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Validation failed', details: [{ field: 'email', message: 'Valid email is required' }] });
  });

  it('takes a plain string error or a top-level message, and falls back when the body says nothing', async () => {
    expect((await edgeFunctionError(httpError(403, { error: 'Forbidden here' }))).message).toBe('Forbidden here');
    expect((await edgeFunctionError(httpError(409, { message: 'Taken', code: 'conflict' }))).code).toBe('conflict');
    expect((await edgeFunctionError(httpError(502, '<html>bad gateway</html>'), 'Error uploading file')).message).toBe('Error uploading file');
    expect((await edgeFunctionError(new Error('offline'))).message).toBe('Something went wrong!');
  });

  it('lands its details on the form fields', async () => {
    const error = await edgeFunctionError(httpError(409, { error: { code: 'email_exists', message: 'Taken', details: [{ field: 'email', message: 'Taken' }] } }));
    const set: string[] = [];
    const result = applyServerErrors(error, ((name: string) => set.push(name)) as never, ['email', 'first_name']);
    expect(set).toEqual(['email']);
    expect(result.unmatched).toBeNull();
  });

  it('keeps the refusal\'s key and its details\' keys, so they show in the user\'s language', async () => {
    const error = await edgeFunctionError(
      httpError(422, { error: { code: 'self_change', key: 'users.self_role', message: 'You cannot change your own role', details: [{ field: 'panel_type', key: 'users.self_role', message: 'You cannot change your own role' }] } }),
    );
    expect(error).toMatchObject({ code: 'self_change', key: 'users.self_role', details: [{ field: 'panel_type', key: 'users.self_role' }] });
    const set: Record<string, string> = {};
    applyServerErrors(error, ((name: string, value: { message: string }) => (set[name] = value.message)) as never, ['panel_type'], {
      translate: (key) => (key === 'users.self_role' ? 'No puede cambiar su propio rol' : undefined),
    });
    expect(set).toEqual({ panel_type: 'No puede cambiar su propio rol' });
    expect((await edgeFunctionError(httpError(404, { error: { code: 'user_not_found', message: 'User not found' } }))).key).toBeNull();
  });
});

describe('safeFileName', () => {
  it('keeps what the upload path accepts and never starts with a dot', () => {
    expect(safeFileName('my photo (1).PNG')).toBe('my_photo_1_.PNG');
    expect(safeFileName('../../etc/passwd')).toBe('etc_passwd');
    expect(safeFileName('...', 'image')).toBe('image');
  });
});
