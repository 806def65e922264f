/** The app's fixed paths and path builders, shared by the route table, guards and pages. */

export const PANEL_TYPES = ['admin', 'dispatcher', 'driver', 'customer'] as const;
export type PanelType = (typeof PANEL_TYPES)[number];

export const ROOT_PATH = '/';
export const SIGN_IN_PATH = '/sign-in';
export const VERIFY_PATH = '/verify';
export const RESET_PASSWORD_PATH = '/reset-password';
export const UPDATE_PASSWORD_PATH = '/update-password';
export const BUSINESSES_PATH = '/businesses';
export const TRACKING_PATH = '/tracking';
export const BLANK_PATH = '/blank';
/** The spec's 'Go to home' target; it resolves to the signed-in user's panel. */
export const DASHBOARD_PATH = '/dashboard';

export function isPanelType(value: unknown): value is PanelType {
  return typeof value === 'string' && (PANEL_TYPES as readonly string[]).includes(value);
}

export function panelPath(slug: string, panel: PanelType): string {
  return `/${encodeURIComponent(slug)}/${panel}`;
}

export function signUpPath(slug: string): string {
  return `/${encodeURIComponent(slug)}/sign-up`;
}
