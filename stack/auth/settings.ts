import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, type StackConfig } from '../config.ts';

/**
 * config.toml's [auth] section, with the Supabase CLI's defaults for what a project leaves out.
 * Strings may be `env(NAME)` as the CLI allows.
 */
const TemplateSchema = z.object({ subject: z.string().optional(), content_path: z.string().optional() }).passthrough();

const AuthTomlSchema = z
  .object({
    enabled: z.boolean().default(true),
    site_url: z.string().default('http://127.0.0.1:3000'),
    additional_redirect_urls: z.array(z.string()).default([]),
    jwt_expiry: z.number().int().positive().max(604800).default(3600),
    enable_refresh_token_rotation: z.boolean().default(true),
    refresh_token_reuse_interval: z.number().int().min(0).default(10),
    enable_signup: z.boolean().default(true),
    enable_anonymous_sign_ins: z.boolean().default(false),
    minimum_password_length: z.number().int().min(6).default(6),
    password_requirements: z
      .enum(['', 'letters_digits', 'lower_upper_letters_digits', 'lower_upper_letters_digits_symbols'])
      .default(''),
    rate_limit: z
      .object({
        email_sent: z.number().int().min(0).default(2),
        sms_sent: z.number().int().min(0).default(30),
        anonymous_users: z.number().int().min(0).default(30),
        token_refresh: z.number().int().min(0).default(150),
        sign_in_sign_ups: z.number().int().min(0).default(30),
        token_verifications: z.number().int().min(0).default(30),
      })
      .passthrough()
      .default({ email_sent: 2, sms_sent: 30, anonymous_users: 30, token_refresh: 150, sign_in_sign_ups: 30, token_verifications: 30 }),
    email: z
      .object({
        enable_signup: z.boolean().default(true),
        double_confirm_changes: z.boolean().default(true),
        enable_confirmations: z.boolean().default(false),
        secure_password_change: z.boolean().default(false),
        max_frequency: z.string().default('1s'),
        otp_length: z.number().int().min(6).max(10).default(6),
        otp_expiry: z.number().int().positive().max(86400).default(3600),
        template: z.record(z.string(), TemplateSchema).default({}),
        smtp: z.object({ enabled: z.boolean().default(true) }).passthrough().optional(),
      })
      .passthrough()
      .default({
        enable_signup: true,
        double_confirm_changes: true,
        enable_confirmations: false,
        secure_password_change: false,
        max_frequency: '1s',
        otp_length: 6,
        otp_expiry: 3600,
        template: {},
      }),
    hook: z
      .object({
        custom_access_token: z.object({ enabled: z.boolean().default(false), uri: z.string().default('') }).passthrough().optional(),
      })
      .passthrough()
      .default({}),
  })
  .passthrough();

export type EmailTemplateKind = 'invite' | 'confirmation' | 'recovery' | 'magic_link' | 'email_change' | 'reauthentication';

export interface AuthSettings {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  refreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  signupEnabled: boolean;
  emailSignupEnabled: boolean;
  anonymousSignIns: boolean;
  autoconfirm: boolean;
  doubleConfirmChanges: boolean;
  securePasswordChange: boolean;
  minPasswordLength: number;
  /** GoTrue's GOTRUE_PASSWORD_REQUIRED_CHARACTERS: each set needs at least one character. */
  requiredCharacters: string[];
  /** Seconds between two mails of one kind to one user. */
  maxFrequency: number;
  otpLength: number;
  otpExpiry: number;
  rateLimit: { emailSent: number | null; tokenRefresh: number; signInSignUps: number; tokenVerifications: number };
  templates: Partial<Record<EmailTemplateKind, { subject?: string; content?: string }>>;
  /** `schema.function` of a pg-functions:// custom access token hook. */
  customAccessTokenHook: { schema: string; name: string } | null;
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

const REQUIREMENTS: Record<string, string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

/** Go's time.ParseDuration for the units config.toml uses ("1s", "1m30s", "500ms"). */
export function parseGoDuration(text: string): number {
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
  const units: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };
  let total = 0;
  let consumed = 0;
  for (const m of text.matchAll(re)) {
    total += Number(m[1]) * units[m[2]];
    consumed += m[0].length;
  }
  if (consumed !== text.length || text.length === 0) throw new ConfigError(`[auth.email] max_frequency: invalid duration "${text}"`);
  return total;
}

function substituteEnv(value: unknown): unknown {
  if (typeof value === 'string') {
    const m = /^env\((\w+)\)$/.exec(value.trim());
    return m ? (process.env[m[1]] ?? '') : value;
  }
  if (Array.isArray(value)) return value.map(substituteEnv);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteEnv(v)]));
  return value;
}

function parseHookUri(uri: string): { schema: string; name: string } {
  const m = /^pg-functions:\/\/[^/]+\/([^/]+)\/([^/]+)$/.exec(uri);
  if (!m) throw new ConfigError(`[auth.hook.custom_access_token] uri must be pg-functions://<database>/<schema>/<function>, got "${uri}"`);
  return { schema: m[1], name: m[2] };
}

export function readAuthSettings(config: StackConfig): AuthSettings {
  const parsed = AuthTomlSchema.safeParse(substituteEnv(config.toml.auth));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  auth.${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`supabase/config.toml [auth] is invalid:\n${lines.join('\n')}`);
  }
  const a = parsed.data;
  const templates: AuthSettings['templates'] = {};
  for (const kind of ['invite', 'confirmation', 'recovery', 'magic_link', 'email_change', 'reauthentication'] as const) {
    const t = a.email.template[kind];
    if (!t) continue;
    let content: string | undefined;
    if (t.content_path) {
      const file = path.resolve(config.supabaseDir, t.content_path);
      if (!existsSync(file)) throw new ConfigError(`[auth.email.template.${kind}] content_path ${t.content_path} does not exist`);
      content = readFileSync(file, 'utf8');
    }
    templates[kind] = { subject: t.subject, content };
  }
  const hook = a.hook.custom_access_token;
  const smtpEnabled = a.email.smtp?.enabled === true;
  return {
    siteUrl: a.site_url,
    additionalRedirectUrls: a.additional_redirect_urls,
    jwtExpiry: a.jwt_expiry,
    refreshTokenRotation: a.enable_refresh_token_rotation,
    refreshTokenReuseInterval: a.refresh_token_reuse_interval,
    signupEnabled: a.enable_signup,
    emailSignupEnabled: a.email.enable_signup,
    anonymousSignIns: a.enable_anonymous_sign_ins,
    autoconfirm: !a.email.enable_confirmations,
    doubleConfirmChanges: a.email.double_confirm_changes,
    securePasswordChange: a.email.secure_password_change,
    minPasswordLength: a.minimum_password_length,
    requiredCharacters: REQUIREMENTS[a.password_requirements],
    maxFrequency: parseGoDuration(a.email.max_frequency),
    otpLength: a.email.otp_length,
    otpExpiry: a.email.otp_expiry,
    // The CLI documents email_sent as applying only when a custom SMTP server is configured.
    rateLimit: {
      emailSent: smtpEnabled ? a.rate_limit.email_sent : null,
      tokenRefresh: a.rate_limit.token_refresh,
      signInSignUps: a.rate_limit.sign_in_sign_ups,
      tokenVerifications: a.rate_limit.token_verifications,
    },
    templates,
    customAccessTokenHook: hook?.enabled ? parseHookUri(hook.uri) : null,
  };
}
