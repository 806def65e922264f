import { useEffect, useState } from 'react';
import { refusalText } from '../../../lib/refusal-text';
import { saveFailureToasts, type ServerErrorResult } from '../../../lib/server-errors';
import { useSession } from '../../../lib/session';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { Form, SubmitButton, TextAreaField, TextField, useZodForm } from '../../../ui/form';
import { Skeleton } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/toast';
import { listSentMessages, notifyAdmins } from '../api';
import { contactFormSchema, SUPPORT_TOASTS, type AdminMessage, type ContactFormInput, type ContactFormValues } from '../schema';
import { formatDateTime } from '../../../lib/format-date';

type Sent = { status: 'loading' } | { status: 'failed'; error: Error } | { status: 'ready'; rows: AdminMessage[] };

/** "Contact your admins": every active admin of the business gets the message as a notification; below, what the dispatcher sent lately. */
export function ContactAdmins() {
  const { user } = useSession();
  const userId = user?.id ?? '';
  const toast = useToast();
  const form = useZodForm(contactFormSchema, { defaultValues: { subject: '', body: '' } });
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ key: string; sent: Sent } | null>(null);
  const key = `${userId}/${attempt}`;

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    listSentMessages(userId, controller.signal).then(
      (rows) => !controller.signal.aborted && setAnswer({ key, sent: { status: 'ready', rows } }),
      (error: unknown) => !controller.signal.aborted && setAnswer({ key, sent: { status: 'failed', error: error instanceof Error ? error : new Error(String(error)) } }),
    );
    return () => controller.abort();
  }, [userId, key]);
  // The last list read stays while the next loads (after a send).
  const sent: Sent = answer?.sent ?? { status: 'loading' };

  async function onSubmit(values: ContactFormValues) {
    const recipients = await notifyAdmins(values);
    toast.success(SUPPORT_TOASTS.sent(recipients));
    form.reset({ subject: '', body: '' });
    setAttempt((n) => n + 1);
  }

  function onServerError(error: unknown, result: ServerErrorResult) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'PT429' || code === '42501') {
      toast.error(refusalText(error));
      return;
    }
    for (const text of saveFailureToasts(error, result, { validation: 'Validation failed', failed: SUPPORT_TOASTS.sendFailed, unknown: SUPPORT_TOASTS.sendFailed })) toast.error(text);
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="contact-admins" className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <div>
          <h2 id="contact-admins" className="text-base font-semibold">
            Contact your admins
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">Every admin of your business gets it as a notification, with a link to your profile to reply.</p>
        </div>
        <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="space-y-4" aria-label="Contact your admins">
          <TextField<ContactFormInput, 'subject'> name="subject" label="Subject" required maxLength={150} />
          <TextAreaField<ContactFormInput, 'body'> name="body" label="Message" required rows={6} maxLength={2000} />
          <SubmitButton>Send to admins</SubmitButton>
        </Form>
      </section>
      <section aria-labelledby="sent-messages" className="space-y-3">
        <h2 id="sent-messages" className="text-base font-semibold">
          Sent
        </h2>
        {sent.status === 'loading' && (
          <div role="status" aria-label="Loading sent messages" className="space-y-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        )}
        {sent.status === 'failed' && <ErrorState title="Failed to load your messages" detail={sent.error.message} onRetry={() => setAttempt((n) => n + 1)} />}
        {sent.status === 'ready' && sent.rows.length === 0 && <EmptyState title="Nothing sent yet" description="Messages you send your admins show here." />}
        {sent.status === 'ready' && sent.rows.length > 0 && (
          <ul aria-label="Sent messages" className="space-y-2">
            {sent.rows.map((m) => (
              <li key={m.id} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
                <div className="font-medium">{m.subject}</div>
                <div className="line-clamp-3 text-slate-600 dark:text-slate-300">{m.body}</div>
                <div className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  {formatDateTime(m.created_at)} · {m.recipients === 1 ? '1 admin' : `${m.recipients} admins`}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
