import { decodeJwt } from 'jose';
import { anonClient, unique } from './clients.ts';
import { latestMail } from './mailbox.ts';

export const PASSWORD = 'Conformance1';

export const uniqueEmail = (prefix: string) => `${unique(prefix)}@conformance.test`.toLowerCase();

/** Signs a user up and confirms the address with the mailed code, as a person would. */
export async function confirmedUser(prefix: string, data: Record<string, unknown> = {}) {
  const email = uniqueEmail(prefix);
  const client = anonClient();
  const { error } = await client.auth.signUp({ email, password: PASSWORD, options: { data } });
  if (error) throw error;
  const mail = await latestMail(email);
  const verified = await client.auth.verifyOtp({ email, token: mail.token ?? '', type: 'signup' });
  if (verified.error || !verified.data.session || !verified.data.user) throw verified.error ?? new Error('no session after verify');
  return { email, client, session: verified.data.session, user: verified.data.user };
}

export const claimsOf = (accessToken: string) => decodeJwt(accessToken) as Record<string, unknown>;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
