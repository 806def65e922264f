import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n/catalogue';
import { dispatcherMessages } from './messages';
import es from './messages/es';
import fr from './messages/fr';
import { DEFAULT_DISPATCHER_SETTINGS } from '../../lib/dispatcher-settings-shape';
import {
  contactFormSchema,
  fromSettingsForm,
  resolutionProblem,
  SETTINGS_MESSAGES,
  settingsFormSchema,
  SUPPORT_MESSAGES,
  toSettingsFieldErrors,
  toSettingsForm,
  transitText,
} from './schema';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('settings form', () => {
  it('starts from the defaults with empty choices for "any"', () => {
    expect(toSettingsForm(DEFAULT_DISPATCHER_SETTINGS)).toEqual({
      kind: '',
      service_id: null,
      zone_id: null,
      window: '',
      sound_on_new_unassigned: true,
      late_threshold_minutes: 15,
      auto_assign_mode: 'suggest',
    });
  });

  it('stores only the filters chosen, and reads them back the same', () => {
    const settings = {
      default_board_filters: { kind: 'pickup' as const, zone_id: '5b3c8a7e-9a0e-4d4b-8f4e-2a1b3c4d5e6f', window: 'today' as const },
      sound_on_new_unassigned: false,
      late_threshold_minutes: 0,
      auto_assign_mode: 'off' as const,
    };
    const values = settingsFormSchema.parse(toSettingsForm(settings));
    expect(fromSettingsForm(values)).toEqual(settings);
    expect(fromSettingsForm({ ...values, kind: '', zone_id: null, window: '' }).default_board_filters).toEqual({});
  });

  it('refuses a threshold outside 0..240 or with a fraction, and an unknown mode', () => {
    const base = toSettingsForm(DEFAULT_DISPATCHER_SETTINGS);
    for (const late of [-1, 241, 12.5, null]) {
      expect(messagesOf(settingsFormSchema.safeParse({ ...base, late_threshold_minutes: late }))).toEqual({ late_threshold_minutes: SETTINGS_MESSAGES.late });
    }
    expect(messagesOf(settingsFormSchema.safeParse({ ...base, auto_assign_mode: 'always' }))).toEqual({ auto_assign_mode: SETTINGS_MESSAGES.mode });
    expect(settingsFormSchema.safeParse({ ...base, late_threshold_minutes: 240 }).success).toBe(true);
  });

  it('puts the database\'s filter details on the form\'s fields', () => {
    const error = { code: '23514', details: JSON.stringify([{ field: 'default_board_filters.zone_id', message: 'Zone not found' }, { field: 'late_threshold_minutes', message: 'x' }]) };
    expect(JSON.parse((toSettingsFieldErrors(error) as { details: string }).details)).toEqual([
      { field: 'zone_id', message: 'Zone not found' },
      { field: 'late_threshold_minutes', message: 'x' },
    ]);
    expect(toSettingsFieldErrors({ message: 'offline' })).toEqual({ message: 'offline' });
  });
});

describe('support', () => {
  it('a resolution needs words, at most 2000 characters', () => {
    expect(resolutionProblem('  ')).toBe(SUPPORT_MESSAGES.resolutionRequired);
    expect(resolutionProblem('x'.repeat(2001))).toBe(SUPPORT_MESSAGES.resolutionLength);
    expect(resolutionProblem(' Rebooked ')).toBeNull();
  });

  it('contact form: subject and message required, with their limits, trimmed', () => {
    expect(messagesOf(contactFormSchema.safeParse({ subject: ' ', body: '' }))).toEqual({ subject: SUPPORT_MESSAGES.subject, body: SUPPORT_MESSAGES.body });
    expect(messagesOf(contactFormSchema.safeParse({ subject: 's'.repeat(151), body: 'b'.repeat(2001) }))).toEqual({
      subject: SUPPORT_MESSAGES.subjectLength,
      body: SUPPORT_MESSAGES.bodyLength,
    });
    expect(contactFormSchema.parse({ subject: ' Gate ', body: ' Stuck ' })).toEqual({ subject: 'Gate', body: 'Stuck' });
  });
});

describe('info', () => {
  it('says a service\'s transit time in minutes, hours or days', () => {
    const t = translator(dispatcherMessages, 'en', dispatcherMessages.en);
    expect(transitText(0, 0.75, t)).toBe('Within 45 min');
    expect(transitText(2, 4, t)).toBe('2–4 h');
    expect(transitText(1.5, 1.5, t)).toBe('1.5 h');
    expect(transitText(48, 96, t)).toBe('2–4 days');
    expect(transitText(48, 48, t)).toBe('2 days');
    expect(transitText(24, 48, t)).toBe('24–48 h');
  });

  it('says it in Spanish and French, with their decimal commas and plurals', () => {
    const spanish = translator(dispatcherMessages, 'es', es);
    const french = translator(dispatcherMessages, 'fr', fr);
    expect(transitText(0, 0.75, spanish)).toBe('En menos de 45 min');
    expect(transitText(1.5, 1.5, spanish)).toBe('1,5 h');
    expect(transitText(48, 48, spanish)).toBe('2 días');
    expect(transitText(0.5, 2.25, french)).toBe('0,5–2,3 h');
    expect(transitText(48, 96, french)).toBe('2–4 jours');
  });
});

describe('the settings screen’s words', () => {
  it('say the spec’s messages in English, so only the translations differ', async () => {
    const { en } = await import('./messages/en');
    const { SETTINGS_MESSAGES, SETTINGS_TOASTS } = await import('./schema');
    expect(en['validation.late']).toBe(SETTINGS_MESSAGES.late);
    expect(en['validation.mode']).toBe(SETTINGS_MESSAGES.mode);
    expect([en['toast.saved'], en['toast.saveFailed'], en['toast.reset'], en['toast.resetFailed'], en['toast.validation'], en['toast.unknown']]).toEqual([
      SETTINGS_TOASTS.saved,
      SETTINGS_TOASTS.saveFailed,
      SETTINGS_TOASTS.reset,
      SETTINGS_TOASTS.resetFailed,
      SETTINGS_TOASTS.validation,
      SETTINGS_TOASTS.unknown,
    ]);
  });
});

describe('the support screen’s words', () => {
  it('say the spec’s messages and toasts in English, so only the translations differ', async () => {
    const { en } = await import('./messages/en');
    const { SUPPORT_MESSAGES, SUPPORT_TOASTS } = await import('./schema');
    const t = translator(dispatcherMessages, 'en', en);
    expect([
      en['validation.resolutionRequired'],
      en['validation.resolutionLength'],
      en['validation.noteLength'],
      en['validation.subject'],
      en['validation.subjectLength'],
      en['validation.body'],
      en['validation.bodyLength'],
    ]).toEqual([
      SUPPORT_MESSAGES.resolutionRequired,
      SUPPORT_MESSAGES.resolutionLength,
      SUPPORT_MESSAGES.noteLength,
      SUPPORT_MESSAGES.subject,
      SUPPORT_MESSAGES.subjectLength,
      SUPPORT_MESSAGES.body,
      SUPPORT_MESSAGES.bodyLength,
    ]);
    expect([en['toast.acknowledged'], en['toast.resolved'], en['toast.sendFailed']]).toEqual([SUPPORT_TOASTS.acknowledged, SUPPORT_TOASTS.resolved, SUPPORT_TOASTS.sendFailed]);
    expect([t('toast.sent', { count: 1 }), t('toast.sent', { count: 3 })]).toEqual([SUPPORT_TOASTS.sent(1), SUPPORT_TOASTS.sent(3)]);
  });

  it('count admins and say an item is already handled in Spanish and French', () => {
    const spanish = translator(dispatcherMessages, 'es', es);
    const french = translator(dispatcherMessages, 'fr', fr);
    expect(spanish('toast.sent', { count: 1 })).toBe('Mensaje enviado a su administrador');
    expect(spanish('toast.sent', { count: 2 })).toBe('Mensaje enviado a sus 2 administradores');
    expect(french('contact.recipients', { count: 1 })).toBe('1 administrateur');
    expect(french('reason.already', { state: 'investigating' })).toBe('Déjà en cours d’analyse');
    expect(spanish('reason.already', { state: 'resolved' })).toBe('Ya resuelto');
  });
});
