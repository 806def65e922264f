import { describe, expect, it } from 'vitest';
import { anonClient, stack } from './clients.ts';
import { PASSWORD, uniqueEmail } from './auth-helpers.ts';
import { latestMail } from './mailbox.ts';

/** The stack's own mailbox (/mail); against a real Supabase this is Mailpit, which has its own UI. */
describe.skipIf(stack.target === 'supabase')('local mailbox /mail', () => {
  it('lists messages as JSON with links and code, and as an escaped HTML page', async () => {
    const email = uniqueEmail('mailbox');
    await anonClient().auth.signUp({ email, password: PASSWORD, options: { data: { name: '<script>alert(1)</script>' } } });
    const mail = await latestMail(email);
    expect(mail).toMatchObject({ to: email, subject: 'Confirm Your Email', token: expect.stringMatching(/^\d{6}$/) });
    expect(mail.links[0]).toContain(`${stack.url}/auth/v1/verify?token=`);

    const page = await fetch(`${stack.url}/mail?to=${encodeURIComponent(email)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(mail.token ?? 'missing');
    expect(html).toContain('/auth/v1/verify?token=');
    expect(html).not.toContain('<script>');
  });

  it('DELETE clears one recipient; other methods are refused', async () => {
    const email = uniqueEmail('clear');
    await anonClient().auth.signUp({ email, password: PASSWORD });
    await latestMail(email);
    const del = await fetch(`${stack.url}/mail/api/messages?to=${encodeURIComponent(email)}`, { method: 'DELETE' });
    expect(await del.json()).toEqual({ deleted: 1 });
    const list = await fetch(`${stack.url}/mail/api/messages?to=${encodeURIComponent(email)}`);
    expect(await list.json()).toEqual([]);
    expect((await fetch(`${stack.url}/mail/api/messages`, { method: 'PUT' })).status).toBe(405);
  });
});
