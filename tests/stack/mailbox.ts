import { stack } from './clients.ts';

/**
 * The one place tests read mail. Against the stack: its /mail API. Against `supabase start`
 * set MAILBOX_URL to Mailpit/Inbucket's address (http://127.0.0.1:54324) and the Mailpit API is used.
 */
export interface Mail {
  subject: string;
  text: string;
  html: string;
  links: string[];
  token: string | null;
}

const MAILBOX_URL = (process.env.MAILBOX_URL ?? `${stack.url}/mail`).replace(/\/+$/, '');
const isStackMailbox = MAILBOX_URL.endsWith('/mail');

interface MailpitSummary {
  ID: string;
}

async function fetchAll(to: string): Promise<Mail[]> {
  if (isStackMailbox) {
    const res = await fetch(`${MAILBOX_URL}/api/messages?to=${encodeURIComponent(to)}`);
    if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
    return (await res.json()) as Mail[];
  }
  const res = await fetch(`${MAILBOX_URL}/api/v1/search?query=${encodeURIComponent(`to:"${to}"`)}`);
  if (!res.ok) throw new Error(`mailpit answered ${res.status}`);
  const { messages } = (await res.json()) as { messages: MailpitSummary[] };
  return Promise.all(
    messages.map(async (m) => {
      const full = (await (await fetch(`${MAILBOX_URL}/api/v1/message/${m.ID}`)).json()) as { Subject: string; Text: string; HTML: string };
      const links = [...full.HTML.matchAll(/href="([^"]+)"/g)].map((x) => x[1].replace(/&amp;/g, '&'));
      return { subject: full.Subject, text: full.Text, html: full.HTML, links, token: /\b(\d{6,10})\b/.exec(full.Text)?.[1] ?? null };
    }),
  );
}

/** Waits for the `count`-th newest mail to `to` (mail delivery is asynchronous on a real Supabase). */
export async function waitForMail(to: string, count = 1, timeoutMs = 10_000): Promise<Mail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await fetchAll(to);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) to ${to}, got ${mails.length}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function latestMail(to: string): Promise<Mail> {
  return (await waitForMail(to))[0];
}

/** The GET /verify link of a mail. */
export function verifyLink(mail: Mail): string {
  const link = mail.links.find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error(`no verify link in mail "${mail.subject}"`);
  return link;
}
