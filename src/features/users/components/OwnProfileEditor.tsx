import { useCallback, useMemo, useState } from 'react';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { useT } from '../../../lib/i18n/catalogue';
import type { AppUser } from '../../../lib/session';
import { Button } from '../../../ui/Button';
import { FileField, Form, SubmitButton, TextField, useZodForm } from '../../../ui/form';
import { useToast } from '../../../ui/toast';
import { changeOwnPassword, getUser, updateOwnProfile, uploadAvatar } from '../api';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { useRecordLoad } from '../../../lib/use-record-load';
import { userMessages } from '../messages';
import { avatarMessages, errorWords, translateUserMessage } from '../words';
import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES, ChangePasswordSchema, OwnProfileSchema, type ChangePasswordInput, type OwnProfileInput, type Person } from '../schema';

function ProfileForm({ user, person, onSaved }: { user: AppUser; person: Person; onSaved: () => void }) {
  const toast = useToast();
  const t = useT(userMessages);
  const translate = useCallback((message: string) => translateUserMessage(t, message), [t]);
  const imageMessages = useMemo(() => avatarMessages(t), [t]);
  const form = useZodForm(
    OwnProfileSchema,
    {
      defaultValues: {
        first_name: person.first_name ?? '',
        last_name: person.last_name ?? '',
        phone: person.phone ?? '',
        avatar_url: person.avatar_url,
      },
    },
    translate,
  );
  const tenantId = person.tenant_id;

  return (
    <Form
      form={form}
      aria-label={t('profile.title')}
      className="space-y-4"
      onSubmit={async (values) => {
        let avatarUrl = typeof values.avatar_url === 'string' ? values.avatar_url : null;
        if (values.avatar_url instanceof File) {
          try {
            avatarUrl = await uploadAvatar(tenantId, values.avatar_url);
          } catch (error) {
            form.setError('avatar_url', { type: 'server', message: error instanceof Error && error.message ? translateUserMessage(t, error.message) : t('toast.uploadFailed') });
            return;
          }
        }
        await updateOwnProfile(user.id, { first_name: values.first_name, last_name: values.last_name, phone: values.phone || null, avatar_url: avatarUrl });
        form.reset({ ...values, avatar_url: avatarUrl });
        toast.success(t('toast.profileUpdated'));
        onSaved();
      }}
    >
      <FileField<OwnProfileInput, 'avatar_url'> name="avatar_url" label={t('field.avatar')} accept={AVATAR_EXTENSIONS} maxBytes={AVATAR_MAX_BYTES} messages={imageMessages} help={t('field.avatarHelp')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField<OwnProfileInput, 'first_name'> name="first_name" label={t('field.firstName')} autoComplete="given-name" required />
        <TextField<OwnProfileInput, 'last_name'> name="last_name" label={t('field.lastName')} autoComplete="family-name" required />
      </div>
      <TextField<OwnProfileInput, 'phone'> name="phone" label={t('field.phone')} type="tel" autoComplete="tel" help={t('field.phoneHelp')} />
      <div className="flex justify-end">
        <SubmitButton>{t('profile.save')}</SubmitButton>
      </div>
    </Form>
  );
}

function PasswordForm() {
  const toast = useToast();
  const t = useT(userMessages);
  const server = useServerWords();
  const translate = useCallback((message: string) => translateUserMessage(t, message), [t]);
  const form = useZodForm(ChangePasswordSchema, { defaultValues: { password: '', confirmPassword: '' } }, translate);
  return (
    <Form
      form={form}
      aria-label={t('profile.changePassword')}
      className="space-y-4"
      onSubmit={async (values) => {
        try {
          await changeOwnPassword(values.password);
        } catch (error) {
          form.setError('password', { type: 'server', message: errorWords(t, server, error) });
          return;
        }
        form.reset({ password: '', confirmPassword: '' });
        toast.success(t('toast.passwordChanged'));
      }}
    >
      <TextField<ChangePasswordInput, 'password'> name="password" label={t('field.newPassword')} type="password" autoComplete="new-password" required help={t('field.newPasswordHelp')} />
      <TextField<ChangePasswordInput, 'confirmPassword'> name="confirmPassword" label={t('field.confirmPassword')} type="password" autoComplete="new-password" required />
      <div className="flex justify-end">
        <SubmitButton>{t('profile.changePassword')}</SubmitButton>
      </div>
    </Form>
  );
}

type Load = { status: 'loading' } | { status: 'ready'; person: Person } | { status: 'missing' } | { status: 'failed'; error: unknown };

/** The person's own profile row (the session keeps only what guards need). */
function useOwnPerson(user: AppUser): [Load, () => void] {
  const tenantId = user.profile?.tenant_id ?? '';
  const { state, retry } = useRecordLoad(tenantId ? `${tenantId}/${user.id}` : null, () => getUser(tenantId, user.id));
  const load: Load =
    state.status === 'ready'
      ? { status: 'ready', person: state.record }
      : state.status === 'missing'
        ? { status: 'missing' }
        : state.status === 'failed'
          ? { status: 'failed', error: state.error }
          : { status: 'loading' };
  return [load, retry];
}

/**
 * The signed-in person's own profile: their names, phone and avatar (uploaded through upload-file),
 * and a new password. Read fresh on mount. In the account drawer's dialog (a toggle between the two,
 * closing once saved) and on the panels' profile pages (`stacked`: both sections, one under the other).
 */
export function OwnProfileEditor({ user, onSaved, stacked = false }: { user: AppUser; onSaved?: () => void; stacked?: boolean }) {
  const t = useT(userMessages);
  const server = useServerWords();
  const [section, setSection] = useState<'profile' | 'password'>('profile');
  const [load, retry] = useOwnPerson(user);
  const details =
    load.status === 'ready' ? (
      <ProfileForm key={load.person.id} user={user} person={load.person} onSaved={onSaved ?? (() => undefined)} />
    ) : load.status === 'failed' || load.status === 'missing' ? (
      <ErrorState title={t('profile.failed')} detail={load.status === 'missing' ? t('profile.missing') : errorWords(t, server, load.error)} onRetry={retry} />
    ) : (
      <div role="status" aria-busy="true" aria-label={t('profile.loading')} className="space-y-3">
        <Skeleton className="h-16 w-16 rounded-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  if (stacked) {
    return (
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="own-profile-details" className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <h2 id="own-profile-details" className="mb-4 text-base font-semibold">
            {t('profile.details')}
          </h2>
          {details}
        </section>
        <section aria-labelledby="own-profile-password" className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <h2 id="own-profile-password" className="mb-4 text-base font-semibold">
            {t('profile.password')}
          </h2>
          <PasswordForm />
        </section>
      </div>
    );
  }
  return (
    <>
      <div role="group" aria-label={t('profile.sections')} className="mb-4 flex gap-2">
        <Button variant={section === 'profile' ? 'primary' : 'secondary'} aria-pressed={section === 'profile'} onClick={() => setSection('profile')}>
          {t('profile.details')}
        </Button>
        <Button variant={section === 'password' ? 'primary' : 'secondary'} aria-pressed={section === 'password'} onClick={() => setSection('password')}>
          {t('profile.password')}
        </Button>
      </div>
      <div className="pb-5">{section === 'profile' ? details : <PasswordForm />}</div>
    </>
  );
}
