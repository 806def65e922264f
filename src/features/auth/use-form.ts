import { useCallback } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { translator, useT, type Translate } from '../../lib/i18n/catalogue';
import { useZodForm } from '../../ui/form';
import { authMessages } from './messages';
import { DEACTIVATED, INVALID_CREDENTIALS, UNEXPECTED, UNREACHABLE } from './server-messages';
import { PASSWORD_MIN_LENGTH, PHONE_MIN_DIGITS } from './schema';
import { PASSWORD_UPDATED_NOTICE } from './sign-in-notice';

type AuthKey = keyof typeof authMessages.en;

/**
 * The schema's messages (English, as the spec words them) and their catalogue keys: a message the
 * schema gives is shown in the page's language. The English catalogue holds the same words (a
 * test checks every schema message is here), so English shows exactly what the schema says.
 */
const VALIDATION: [AuthKey, Record<string, number>?][] = [
  ['validation.emailRequired'],
  ['validation.emailInvalid'],
  ['validation.passwordRequired'],
  ['validation.passwordLength', { min: PASSWORD_MIN_LENGTH }],
  ['validation.passwordRules'],
  ['validation.phoneRequired'],
  ['validation.phoneInvalid'],
  ['validation.phoneDigits', { min: PHONE_MIN_DIGITS }],
  ['validation.firstNameRequired'],
  ['validation.firstNameLong'],
  ['validation.lastNameRequired'],
  ['validation.lastNameLong'],
  ['validation.confirmRequired'],
  ['validation.mismatch'],
];

const englishAuth = translator(authMessages, 'en', authMessages.en);

/** A schema message in the words of `t`'s language; a message the catalogue lacks stays as the schema wrote it. */
export function validationText(t: Translate<AuthKey>, english: Translate<AuthKey>, message: string): string {
  const found = VALIDATION.find(([key, values]) => english(key, values) === message);
  return found ? t(found[0], found[1]) : message;
}

/** The server's and the flows' known messages (English) and their keys; another server message shows as the server wrote it. */
const KNOWN: Record<string, AuthKey> = {
  [UNREACHABLE]: 'error.unreachable',
  [UNEXPECTED]: 'error.unexpected',
  [DEACTIVATED]: 'error.deactivated',
  [INVALID_CREDENTIALS]: 'error.invalidCredentials',
  [PASSWORD_UPDATED_NOTICE]: 'signIn.passwordUpdated',
};

/** A message from the server or a flow in the page's language, when the catalogue knows it. */
export function knownText(t: Translate<AuthKey>, message: string): string;
export function knownText(t: Translate<AuthKey>, message: string | null): string | null;
export function knownText(t: Translate<AuthKey>, message: string | null): string | null {
  if (message === null) return null;
  const key = KNOWN[message];
  return key ? t(key) : message;
}

/**
 * The auth forms on the shared form (src/ui/form): the schema's messages appear when the form is
 * submitted (the first invalid field takes focus) and then follow typing, in the page's language.
 */
export function useAuthForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  const t = useT(authMessages);
  const translate = useCallback((message: string) => validationText(t, englishAuth, message), [t]);
  return useZodForm(schema, { defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' }, translate);
}
