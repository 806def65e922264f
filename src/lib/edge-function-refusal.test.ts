import { describe, expect, it, vi } from 'vitest';

// The functions module's upload call needs the app's client; these tests reword errors only.
vi.mock('./supabase', () => ({ supabase: {} }));
import { rewordedRefusal } from './edge-function-refusal';
import { EdgeFunctionError } from './edge-functions';

describe('rewordedRefusal', () => {
  const words = (item: { key?: string | null; message: string }) => `[${item.key ?? item.message}]`;

  it('rewords the message and each detail, keeping status, code and key', () => {
    const refusal = new EdgeFunctionError('Name is taken', {
      status: 409,
      code: 'conflict',
      key: 'users.taken',
      details: [{ field: 'email', message: 'Email is taken' }],
    });
    const reworded = rewordedRefusal(refusal, words);
    expect(reworded).toBeInstanceOf(EdgeFunctionError);
    expect(reworded).toMatchObject({ message: '[users.taken]', status: 409, code: 'conflict', key: 'users.taken', details: [{ field: 'email', message: '[Email is taken]' }] });
  });

  it('leaves a refusal without details without them, and any other error as it came', () => {
    expect((rewordedRefusal(new EdgeFunctionError('Nope'), words) as EdgeFunctionError).details).toBeUndefined();
    const other = new Error('network');
    expect(rewordedRefusal(other, words)).toBe(other);
  });
});
