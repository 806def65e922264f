import { describe, expect, it } from 'vitest';
import { anonClient } from './clients.ts';
import { confirmedUser, PASSWORD, uniqueEmail } from './auth-helpers.ts';
import { latestMail } from './mailbox.ts';

describe('auth: email change (double confirmation)', () => {
  it('needs the codes sent to both addresses, then the new address signs in', async () => {
    const { client, email } = await confirmedUser('change');
    const next = uniqueEmail('changed');
    const { data, error } = await client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe(next);
    expect(data.user?.email).toBe(email);

    const toNew = await latestMail(next);
    const toCurrent = await latestMail(email);
    expect(toNew.subject).toBe(toCurrent.subject);

    const first = await anonClient().auth.verifyOtp({ email: next, token: toNew.token ?? '', type: 'email_change' });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();

    const second = await anonClient().auth.verifyOtp({ email, token: toCurrent.token ?? '', type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(next);
    expect((await anonClient().auth.signInWithPassword({ email: next, password: PASSWORD })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
  });
});
