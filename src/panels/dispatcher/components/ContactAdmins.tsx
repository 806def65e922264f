import { useState } from 'react';
import { useFormat } from '../../../lib/i18n/format';
import { refusalText } from '../../../lib/refusal-text';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { saveFailureToasts, type ServerErrorResult } from '../../../lib/server-errors';
import { useSession } from '../../../lib/session';
import { useRecordLoad } from '../../../lib/use-record-load';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { Form, SubmitButton, TextAreaField, TextField, useZodForm } from '../../../ui/form';
import { Skeleton } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/toast';
import { listSentMessages, notifyAdmins } from '../api';
import { contactFormSchema, type AdminMessage, type ContactFormInput, type ContactFormValues } from '../schema';
import { useSupportWords } from './support-words';

type Sent = { status: 'loading' } | { status: 'failed'; error: Error } | { status: 'ready'; rows: AdminMessage[] };

/** "Contact your admins": every active admin of the business gets the message as a notification; below, what the dispatcher sent lately. */
export function ContactAdmins() {
  const { user } = useSession();
  const userId = user?.id ?? '';
  const toast = useToast();
  const server = useServerWords();
  const { t, translate } = useSupportWords();
  const format = useFormat();
  const form = useZodForm(contactFormSchema, { defaultValues: { subject: '', body: '' } }, translate);
  const [attempt, setAttempt] = useState(0);
  // The last list read stays while the next loads (after a send); an earlier read's answer is dropped.
  const { state } = useRecordLoad(userId ? `${userId}/${attempt}` : null, (signal) => listSentMessages(userId, signal));
  const sent: Sent =
    state.status === 'ready'
      ? { status: 'ready', rows: state.record }
      : state.status === 'failed'
        ? { status: 'failed', error: state.error instanceof Error ? state.error : new Error(String(state.error)) }
        : { status: 'loading' };

  async function onSubmit(values: ContactFormValues) {
    const recipients = await notifyAdmins(values);
    toast.success(t('toast.sent', { count: recipients }));
    form.reset({ subject: '', body: '' });
    setAttempt((n) => n + 1);
  }

  function onServerError(error: unknown, result: ServerErrorResult) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'PT429' || code === '42501') {
      // A keyed refusal (support.contact_not_allowed) in the page's language.
      toast.error(refusalText(error, '; ', server));
      return;
    }
    for (const text of saveFailureToasts(error, result, { validation: t('toast.validation'), failed: t('toast.sendFailed'), unknown: t('toast.sendFailed') })) toast.error(text);
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="contact-admins" className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <div>
          <h2 id="contact-admins" className="text-base font-semibold">
            {t('support.contact')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('contact.help')}</p>
        </div>
        <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="space-y-4" aria-label={t('support.contact')}>
          <TextField<ContactFormInput, 'subject'> name="subject" label={t('contact.subject')} required maxLength={150} />
          <TextAreaField<ContactFormInput, 'body'> name="body" label={t('contact.message')} required rows={6} maxLength={2000} />
          <SubmitButton>{t('contact.send')}</SubmitButton>
        </Form>
      </section>
      <section aria-labelledby="sent-messages" className="space-y-3">
        <h2 id="sent-messages" className="text-base font-semibold">
          {t('contact.sent')}
        </h2>
        {sent.status === 'loading' && (
          <div role="status" aria-label={t('contact.loading')} className="space-y-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        )}
        {sent.status === 'failed' && <ErrorState title={t('contact.loadFailed')} detail={sent.error.message} onRetry={() => setAttempt((n) => n + 1)} />}
        {sent.status === 'ready' && sent.rows.length === 0 && <EmptyState title={t('contact.none')} description={t('contact.noneHelp')} />}
        {sent.status === 'ready' && sent.rows.length > 0 && (
          <ul aria-label={t('contact.sentList')} className="space-y-2">
            {sent.rows.map((m) => (
              <li key={m.id} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
                <div className="font-medium">{m.subject}</div>
                <div className="line-clamp-3 text-slate-600 dark:text-slate-300">{m.body}</div>
                <div className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  {format.dateTime(m.created_at)} · {t('contact.recipients', { count: m.recipients })}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
