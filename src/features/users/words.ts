import type { Translate } from '../../lib/i18n/catalogue';
import { rewordedRefusal, type RefusalItem } from '../../lib/edge-function-refusal';
import { EdgeFunctionError } from '../../lib/edge-functions';
import type { ServerWords } from '../../lib/server-messages/server-words';
import type { FileFieldMessages, SchemaDetail } from '../../ui/form';
import { translateSchemaMessage } from '../../lib/schema-message';
import type { UserKey } from './messages';
import { AVATAR_MESSAGES, PHONE_MESSAGE, ROLES, USER_MESSAGES, USER_TYPES, type Role, type UserType } from './schema';

/** Each stored role's and user type's words (the profiles' check constraints name the values). */
const ROLE_KEYS = { admin: 'role.admin', dispatcher: 'role.dispatcher', driver: 'role.driver', customer: 'role.customer' } as const satisfies Record<Role, UserKey>;
const TYPE_KEYS = { business: 'type.business', individual: 'type.individual' } as const satisfies Record<UserType, UserKey>;

/** A stored role in the page's language; one this build does not know as itself, '—' for none. */
export function roleWords(t: Translate<UserKey>, value: string | null | undefined): string {
  if (!value) return '—';
  return value in ROLE_KEYS ? t(ROLE_KEYS[value as Role]) : value;
}

export function userTypeWords(t: Translate<UserKey>, value: string | null | undefined): string {
  if (!value) return '—';
  return value in TYPE_KEYS ? t(TYPE_KEYS[value as UserType]) : value;
}

/** The role and user type choices (value and words) of the filters and forms. */
export function userOptions(t: Translate<UserKey>) {
  return {
    roles: ROLES.map((value) => ({ value, label: t(ROLE_KEYS[value]) })),
    types: USER_TYPES.map((value) => ({ value, label: t(TYPE_KEYS[value]) })),
  };
}

/** The avatar field's refusals in the page's language. */
export function avatarMessages(t: Translate<UserKey>): FileFieldMessages {
  return { type: t('image.type'), size: t('image.size'), count: t('image.count') };
}

/**
 * The schema's messages (English) and their keys, so a form error shows in the page's language.
 * admin-users' refusals are not here: they arrive keyed and read the server catalogue (ServerWords).
 */
const MESSAGE_KEYS: Record<string, UserKey> = {
  [USER_MESSAGES.emailRequired]: 'validation.emailRequired',
  [USER_MESSAGES.emailValid]: 'validation.emailValid',
  [USER_MESSAGES.firstName]: 'validation.firstName',
  [USER_MESSAGES.lastName]: 'validation.lastName',
  [USER_MESSAGES.role]: 'validation.role',
  [USER_MESSAGES.userType]: 'validation.userType',
  [USER_MESSAGES.passwordRequired]: 'validation.passwordRequired',
  [USER_MESSAGES.passwordLength]: 'validation.passwordLength',
  [USER_MESSAGES.passwordRule]: 'validation.passwordRule',
  [USER_MESSAGES.confirmRequired]: 'validation.confirmRequired',
  [USER_MESSAGES.mismatch]: 'validation.mismatch',
  [PHONE_MESSAGE]: 'validation.phone',
  [AVATAR_MESSAGES.type]: 'image.type',
  [AVATAR_MESSAGES.size]: 'image.size',
  [AVATAR_MESSAGES.count]: 'image.count',
  // The app's own words for a failed upload (src/lib/edge-functions.ts uploadFile).
  'Error uploading file': 'toast.uploadFailed',
};

/** A schema or server message in the page's language; one it does not know stays as worded. */
export function translateUserMessage(t: Translate<UserKey>, message: string, detail?: SchemaDetail): string {
  return translateSchemaMessage(t, message, MESSAGE_KEYS, 'validation.maxLength', detail);
}

/** A refusal's or a detail's words: its key in the page's language, else a schema message, else as worded. */
function refusalWords(t: Translate<UserKey>, server: ServerWords, item: RefusalItem): string {
  return (item.key && server(item.key, item.params)) || translateUserMessage(t, item.message);
}

/**
 * An admin-users refusal with its message and field details in the page's language, by their keys
 * (the form places the details; a dialog shows the message).
 */
export function translatedError(t: Translate<UserKey>, server: ServerWords, error: unknown): unknown {
  return rewordedRefusal(error, (item) => refusalWords(t, server, item));
}

/** An error's words for a toast, in the page's language. */
export function errorWords(t: Translate<UserKey>, server: ServerWords, error: unknown): string {
  if (error instanceof EdgeFunctionError) return refusalWords(t, server, error);
  return error instanceof Error && error.message ? translateUserMessage(t, error.message) : t('error.generic');
}

/** admin-users' success answer: its English words, and the stable key and params that word it here. */
export interface UserAnswer {
  message: string;
  key?: string;
  params?: Record<string, unknown>;
}

/** Each answer key's toast; a role param is the stored value, worded by roleWords. */
const ANSWER_KEYS: Record<string, UserKey> = {
  'users.invited': 'toast.invited',
  'users.invited_again': 'toast.invitedAgain',
  'users.role_already': 'toast.roleAlready',
  'users.role_now': 'toast.roleNow',
  'users.deactivated': 'toast.deactivated',
  'users.reactivated': 'toast.reactivated',
};

/**
 * admin-users' success answer in the page's language, by its key; an answer this build does not
 * know (a newer server, or one without its params) shows as the server worded it.
 */
export function answerWords(t: Translate<UserKey>, { message, key, params = {} }: UserAnswer): string {
  const [email, name, role] = ['email', 'name', 'role'].map((param) => (typeof params[param] === 'string' ? (params[param] as string) : undefined));
  const words = key === undefined ? undefined : ANSWER_KEYS[key];
  switch (words) {
    case 'toast.invited':
    case 'toast.invitedAgain':
      return email === undefined ? message : t(words, { email });
    case 'toast.roleAlready':
    case 'toast.roleNow':
      return name === undefined || role === undefined ? message : t(words, { name, role: roleWords(t, role) });
    case 'toast.deactivated':
    case 'toast.reactivated':
      return name === undefined ? message : t(words, { name });
    default:
      return message;
  }
}
