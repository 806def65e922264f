import { useState } from 'react';
import { useLocation } from 'wouter';
import { useDocumentTitle } from '../../../lib/document-title';
import { panelPath, SIGN_IN_PATH } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { Form, SubmitButton, TextField } from '../../../ui/form';
import { updatePassword } from '../api';
import { readAuthRedirect, UpdatePasswordSchema, type UpdatePasswordInput } from '../schema';
import { PASSWORD_UPDATED_NOTICE, signInNoticeState } from '../sign-in-notice';
import { knownText, useAuthForm } from '../use-form';
import { useT } from '../../../lib/i18n/catalogue';
import { authMessages } from '../messages';
import { FormAlert } from './FormAlert';
import { LinkProblem } from './LinkProblem';

function Busy() {
  const t = useT(authMessages);
  return (
    <div role="status" className="grid place-items-center py-10">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-brand border-t-transparent" />
      <span className="sr-only">{t('update.loading')}</span>
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
  const t = useT(authMessages);
  useDocumentTitle(t('update.documentTitle'));
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
  if (linkResult.error) return <LinkProblem title={invited ? t('update.inviteBroken') : t('update.resetBroken')} detail={linkResult.error} />;
  if (session.status === 'unauthenticated') {
    return invited ? (
      <LinkProblem title={t('update.inviteBroken')} detail={t('update.inviteBrokenDetail')} />
    ) : (
      <LinkProblem title={t('update.resetBroken')} detail={t('update.resetBrokenDetail')} />
    );
  }

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{invited ? t('update.inviteTitle') : t('update.resetTitle')}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {session.user?.email ? `${t('update.for', { email: session.user.email })} ` : ''}
        {t('field.passwordRules')}
      </p>
      <Form form={form} onSubmit={submit} onSubmitCapture={() => setServerError(null)} className="mt-6 space-y-5">
        <FormAlert>{knownText(t, serverError)}</FormAlert>
        <TextField name="password" label={t('update.newPassword')} type="password" autoComplete="new-password" required autoFocus disabled={submitting} />
        <TextField name="confirmPassword" label={t('update.confirmPassword')} type="password" autoComplete="new-password" required disabled={submitting} />
        <SubmitButton className="w-full">{submitting ? t('update.submitting') : invited ? t('update.setPassword') : t('update.updatePassword')}</SubmitButton>
      </Form>
    </>
  );
}
