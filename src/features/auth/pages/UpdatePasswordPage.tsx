import { useState } from 'react';
import { useLocation } from 'wouter';
import { useDocumentTitle } from '../../../lib/document-title';
import { panelPath, SIGN_IN_PATH } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { Form, SubmitButton, TextField } from '../../../ui/form';
import { updatePassword } from '../api';
import { readAuthRedirect, UpdatePasswordSchema, type UpdatePasswordInput } from '../schema';
import { PASSWORD_UPDATED_NOTICE, signInNoticeState } from '../sign-in-notice';
import { useAuthForm } from '../use-form';
import { FormAlert } from './FormAlert';
import { LinkProblem } from './LinkProblem';

function Busy() {
  return (
    <div role="status" className="grid place-items-center py-10">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-brand border-t-transparent" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

/**
 * /update-password, opened signed in by the recovery link: a new password, then sign out and sign in
 * with it. Users without a tenant may use it too (the tenant check skips this path).
 * Opened by an invitation (`?invite=1`, set by the admin-users invite): the person chooses their
 * first password and goes straight on to their role's panel.
 */
export function UpdatePasswordPage() {
  useDocumentTitle('Update password | Waypost');
  const session = useSession();
  const [, navigate] = useLocation();
  const [linkResult] = useState(() => readAuthRedirect(window.location.hash, window.location.search));
  const [invited] = useState(() => new URLSearchParams(window.location.search).has('invite'));
  const form = useAuthForm(UpdatePasswordSchema, { password: '', confirmPassword: '' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const submitting = form.formState.isSubmitting;

  async function submit(data: UpdatePasswordInput) {
    const { error } = await updatePassword(data.password);
    if (error) {
      setServerError(error);
      return;
    }
    setFinishing(true);
    const profile = session.user?.profile;
    const slug = session.user?.tenant?.slug;
    if (invited && slug && profile?.panel_type) {
      navigate(panelPath(slug, profile.panel_type), { replace: true });
      return;
    }
    await session.signOut();
    navigate(SIGN_IN_PATH, { replace: true, state: signInNoticeState(PASSWORD_UPDATED_NOTICE) });
  }

  if (finishing || session.status === 'loading') return <Busy />;
  if (linkResult.error) return <LinkProblem title={invited ? 'This invitation link does not work' : 'This reset link does not work'} detail={linkResult.error} />;
  if (session.status === 'unauthenticated') {
    return invited ? (
      <LinkProblem title="This invitation link does not work" detail="The invitation link is invalid or has expired. Ask your administrator to send it again." />
    ) : (
      <LinkProblem title="This reset link does not work" detail="The password reset link is invalid or has expired. Ask for a new one." />
    );
  }

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{invited ? 'Set your password' : 'Choose a new password'}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {session.user?.email ? `For ${session.user.email}. ` : ''}At least 8 characters, with a lowercase letter, an uppercase letter and a digit.
      </p>
      <Form form={form} onSubmit={submit} onSubmitCapture={() => setServerError(null)} className="mt-6 space-y-5">
        <FormAlert>{serverError}</FormAlert>
        <TextField name="password" label="New password" type="password" autoComplete="new-password" required autoFocus disabled={submitting} />
        <TextField name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" required disabled={submitting} />
        <SubmitButton className="w-full">{submitting ? 'Saving…' : invited ? 'Set password' : 'Update password'}</SubmitButton>
      </Form>
    </>
  );
}
