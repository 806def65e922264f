import type { Queryable } from '../db/database.ts';
import { escapeHtml } from '../mail/page.ts';
import { deliver } from '../mail/mailbox.ts';
import { tooManyRequests } from './errors.ts';
import { RateLimiter } from './rate-limit.ts';
import type { AuthSettings, EmailTemplateKind } from './settings.ts';

/** GoTrue's default subjects and bodies (internal/mailer/template.go). */
const DEFAULTS: Record<EmailTemplateKind, { subject: string; html: string }> = {
  confirmation: {
    subject: 'Confirm Your Email',
    html: '<h2>Confirm your email</h2><p>Follow this link to confirm your email:</p><p><a href="{{ .ConfirmationURL }}">Confirm your email address</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  invite: {
    subject: 'You have been invited',
    html: '<h2>You have been invited</h2><p>You have been invited to create a user on {{ .SiteURL }}. Follow this link to accept the invite:</p><p><a href="{{ .ConfirmationURL }}">Accept the invite</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  recovery: {
    subject: 'Reset Your Password',
    html: '<h2>Reset password</h2><p>Follow this link to reset the password for your user:</p><p><a href="{{ .ConfirmationURL }}">Reset password</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  magic_link: {
    subject: 'Your Magic Link',
    html: '<h2>Magic Link</h2><p>Follow this link to login:</p><p><a href="{{ .ConfirmationURL }}">Log In</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  reauthentication: {
    subject: 'Confirm reauthentication',
    html: '<h2>Confirm reauthentication</h2><p>Enter the code: {{ .Token }}</p>',
  },
  email_change: {
    subject: 'Confirm Email Change',
    html: '<h2>Confirm email address change</h2><p>Follow this link to confirm the update of your email address from {{ .Email }} to {{ .NewEmail }}:</p><p><a href="{{ .ConfirmationURL }}">Change email address</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
};

export type VerificationType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';

export interface MailRequest {
  kind: EmailTemplateKind;
  /** The verify link's type; null for a mail that only carries a code (reauthentication). */
  type: VerificationType | null;
  to: string;
  otp: string;
  tokenHash: string;
  redirectTo: string;
  email: string;
  newEmail?: string;
  data?: Record<string, unknown>;
}

/** Go template placeholders (`{{ .Name }}`, `{{ .Data.key }}`), the subset Supabase documents for auth mail. */
function render(template: string, values: Record<string, string>, data: Record<string, unknown>, html: boolean): string {
  return template.replace(/\{\{\s*\.([A-Za-z]\w*)(?:\.([A-Za-z_]\w*))?\s*\}\}/g, (whole, name: string, key: string | undefined) => {
    let value: string | undefined;
    if (name === 'Data' && key) value = data[key] === undefined || data[key] === null ? '' : String(data[key]);
    else if (!key) value = values[name];
    if (value === undefined) return whole;
    return html ? escapeHtml(value) : value;
  });
}

function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis, '$2: $1')
    .replace(/<\/(p|h\d|div|li)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

export class Mailer {
  private readonly hourly: RateLimiter | null;

  constructor(
    private readonly settings: AuthSettings,
    private readonly apiUrl: () => string,
  ) {
    this.hourly = settings.rateLimit.emailSent === null ? null : new RateLimiter(settings.rateLimit.emailSent, 3600_000);
  }

  /** GoTrue's per-user max_frequency between two mails of one kind. */
  assertFrequency(lastSentEpoch: number | null): void {
    if (lastSentEpoch === null) return;
    const wait = lastSentEpoch + this.settings.maxFrequency - Date.now() / 1000;
    if (wait > 0) {
      throw tooManyRequests('over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.ceil(wait)} seconds.`);
    }
  }

  /** `{{ .ConfirmationURL }}`: the GET /verify link that confirms and redirects. */
  verifyUrl(tokenHash: string, type: VerificationType, redirectTo: string): string {
    const q = new URLSearchParams({ token: tokenHash, type, redirect_to: redirectTo });
    return `${this.apiUrl()}/auth/v1/verify?${q.toString()}`;
  }

  async send(tx: Queryable, m: MailRequest): Promise<void> {
    if (this.hourly && !this.hourly.take('instance')) throw tooManyRequests('over_email_send_rate_limit', 'Email rate limit exceeded');
    const custom = this.settings.templates[m.kind];
    const confirmationUrl = m.type ? this.verifyUrl(m.tokenHash, m.type, m.redirectTo) : '';
    const values = {
      ConfirmationURL: confirmationUrl,
      Token: m.otp,
      TokenHash: m.tokenHash,
      SiteURL: this.settings.siteUrl,
      RedirectTo: m.redirectTo,
      Email: m.email,
      NewEmail: m.newEmail ?? '',
    };
    const data = m.data ?? {};
    const html = render(custom?.content ?? DEFAULTS[m.kind].html, values, data, true);
    const subject = render(custom?.subject ?? DEFAULTS[m.kind].subject, values, data, false);
    const links = [...html.matchAll(/href="([^"]+)"/g)].map((x) => x[1].replace(/&amp;/g, '&'));
    await deliver(tx, {
      to: m.to,
      subject,
      html,
      text: htmlToText(html),
      links: !confirmationUrl || links.includes(confirmationUrl) ? links : [confirmationUrl, ...links],
      token: m.otp,
    });
  }
}
