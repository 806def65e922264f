import { AuthError } from './errors.ts';
import type { AuthSettings } from './settings.ts';

export interface PasswordWeakness {
  message: string;
  reasons: string[];
}

/** GoTrue's checkPasswordStrength: minimum length, then one character of each required set. */
export function passwordWeakness(password: string, settings: AuthSettings): PasswordWeakness | null {
  const reasons: string[] = [];
  const messages: string[] = [];
  if ([...password].length < settings.minPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${settings.minPasswordLength} characters.`);
  }
  if (settings.requiredCharacters.some((set) => ![...password].some((c) => set.includes(c)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${settings.requiredCharacters.join(', ')}.`);
  }
  return reasons.length ? { message: messages.join(' '), reasons } : null;
}

export function assertStrongPassword(password: string, settings: AuthSettings): void {
  const weak = passwordWeakness(password, settings);
  if (weak) throw new AuthError(422, 'weak_password', weak.message, weak.reasons);
}
