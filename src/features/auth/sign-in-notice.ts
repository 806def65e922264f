/** A message that a flow leaves for the sign-in page in the history entry (survives a reload, not a new visit). */
export interface SignInNoticeState {
  signInNotice: string;
}

export const PASSWORD_UPDATED_NOTICE = 'Your password has been updated. Sign in with your new password.';

export function signInNoticeState(notice: string): SignInNoticeState {
  return { signInNotice: notice };
}

export function readSignInNotice(): string | null {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'signInNotice' in state && typeof state.signInNotice === 'string') return state.signInNotice;
  return null;
}
