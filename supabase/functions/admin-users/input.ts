import { problem, type FieldProblem } from '../_shared/database.ts';

export type { FieldProblem };

/**
 * The requests admin-users accepts: `{action, ...}` as JSON. Each is checked whole before anything
 * is done: a malformed request changes nothing and answers every problem as [{field, message}].
 */
export const PANEL_TYPES = ['admin', 'dispatcher', 'driver', 'customer'] as const;
export type PanelType = (typeof PANEL_TYPES)[number];
/** Stored values of profiles.user_type; the app labels 'individual' as 'Other' (a user is a business or other). */
export const USER_TYPES = ['business', 'individual'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const ACTIONS = ['invite', 'change_role', 'deactivate', 'reactivate', 'resend_invite'] as const;
export type Action = (typeof ACTIONS)[number];


export interface InviteInput {
  action: 'invite';
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  panel_type: PanelType;
  user_type: UserType;
  redirect_to: string | null;
}

export type TargetInput =
  | { action: 'change_role'; user_id: string; panel_type: PanelType }
  | { action: 'deactivate' | 'reactivate'; user_id: string }
  | { action: 'resend_invite'; user_id: string; redirect_to: string | null };

export type AdminUsersInput = InviteInput | TargetInput;

export type Parsed = { ok: true; input: AdminUsersInput } | { ok: false; unknownAction?: boolean; problems: FieldProblem[] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A practical address check (GoTrue has the final word): one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Valid email is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: 'Must be at most 100 characters',
  phoneInvalid: 'Please enter a valid phone number with at least 10 digits',
  role: 'Choose a role: admin, dispatcher, driver or customer',
  userType: 'Choose a user type: business or other',
  userId: 'A valid user id is required',
  redirect: 'The redirect address must be an http or https URL',
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value.trim() : null;
}

function requiredName(body: Record<string, unknown>, field: string, missing: string, problems: FieldProblem[]): string {
  const value = text(body[field]);
  if (!value) problems.push({ field, message: missing });
  else if (value.length > 100) problems.push(problem(field, 'users.name_too_long', MESSAGES.nameTooLong, { max: 100 }));
  return value ?? '';
}

function panelType(body: Record<string, unknown>, problems: FieldProblem[]): PanelType {
  const value = body.panel_type;
  if (typeof value !== 'string' || !(PANEL_TYPES as readonly string[]).includes(value)) {
    problems.push({ field: 'panel_type', message: MESSAGES.role });
    return 'customer';
  }
  return value as PanelType;
}

function userId(body: Record<string, unknown>, problems: FieldProblem[]): string {
  const value = body.user_id;
  if (typeof value !== 'string' || !UUID.test(value)) {
    problems.push({ field: 'user_id', message: MESSAGES.userId });
    return '';
  }
  return value.toLowerCase();
}

function redirectTo(body: Record<string, unknown>, problems: FieldProblem[]): string | null {
  const value = body.redirect_to;
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') {
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return value;
    } catch {
      // reported below
    }
  }
  problems.push({ field: 'redirect_to', message: MESSAGES.redirect });
  return null;
}

/** Phone numbers as people type them (+1 415 555 0101, (415) 555-0101): at least 10 digits, at most 32 characters. */
export function isValidPhone(value: string): boolean {
  return value.length <= 32 && /^[+\d\s().-]+$/.test(value) && value.replace(/\D/g, '').length >= 10;
}

export function parseAdminUsersInput(body: unknown): Parsed {
  if (!isRecord(body)) return { ok: false, problems: [{ field: 'action', message: 'Send a JSON object with an action' }] };
  const action = body.action;
  if (typeof action !== 'string' || !(ACTIONS as readonly string[]).includes(action)) {
    return { ok: false, unknownAction: true, problems: [{ field: 'action', message: `Unknown action: use ${ACTIONS.join(', ')}` }] };
  }
  const problems: FieldProblem[] = [];
  let input: AdminUsersInput;
  switch (action as Action) {
    case 'invite': {
      const email = (text(body.email) ?? '').toLowerCase();
      if (!email) problems.push({ field: 'email', message: MESSAGES.emailRequired });
      else if (!EMAIL.test(email) || email.length > 254) problems.push({ field: 'email', message: MESSAGES.emailInvalid });
      const first_name = requiredName(body, 'first_name', MESSAGES.firstNameRequired, problems);
      const last_name = requiredName(body, 'last_name', MESSAGES.lastNameRequired, problems);
      const rawPhone = body.phone === undefined || body.phone === null ? '' : text(body.phone);
      if (rawPhone === null || (rawPhone !== '' && !isValidPhone(rawPhone))) problems.push({ field: 'phone', message: MESSAGES.phoneInvalid });
      const role = panelType(body, problems);
      const type = body.user_type;
      if (typeof type !== 'string' || !(USER_TYPES as readonly string[]).includes(type)) problems.push({ field: 'user_type', message: MESSAGES.userType });
      input = {
        action: 'invite',
        email,
        first_name,
        last_name,
        phone: rawPhone ? rawPhone : null,
        panel_type: role,
        user_type: type as UserType,
        redirect_to: redirectTo(body, problems),
      };
      break;
    }
    case 'change_role':
      input = { action: 'change_role', user_id: userId(body, problems), panel_type: panelType(body, problems) };
      break;
    case 'resend_invite':
      input = { action: 'resend_invite', user_id: userId(body, problems), redirect_to: redirectTo(body, problems) };
      break;
    default:
      input = { action: action as 'deactivate' | 'reactivate', user_id: userId(body, problems) };
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, input };
}
