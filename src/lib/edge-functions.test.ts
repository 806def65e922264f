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
});

describe('safeFileName', () => {
  it('keeps what the upload path accepts and never starts with a dot', () => {
    expect(safeFileName('my photo (1).PNG')).toBe('my_photo_1_.PNG');
    expect(safeFileName('../../etc/passwd')).toBe('etc_passwd');
    expect(safeFileName('...', 'image')).toBe('image');
  });
});
