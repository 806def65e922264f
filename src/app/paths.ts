/** Where guests land, and where a signed-in user is sent from guest-only pages. */
export const SIGN_IN_PATH = '/sign-in';
export const HOME_PATH = '/account';
/** The spec's 'Go to home' target; it resolves to the signed-in user's home. */
export const DASHBOARD_PATH = '/dashboard';
