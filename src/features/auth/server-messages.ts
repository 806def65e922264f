/** What the auth pages say for the server's answers they recognise (English; the pages show them in the page's language). */
export const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';
export const UNEXPECTED = 'Something went wrong!';
/** GoTrue's answer to a wrong email or password. */
export const INVALID_CREDENTIALS = 'Invalid login credentials';

/** A deactivated account is banned by admin-users: the person hears what a signed-in deactivated user hears. */
export const DEACTIVATED = 'You are not associated with any tanent. Please contact your administrator.';
