import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Chip } from '../../../ui/Chip';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { TextField } from '../../../ui/TextField';
import { useT } from '../../../lib/i18n/catalogue';
import { keyedRefusalText } from '../../../lib/refusal-text';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { useToast } from '../../../ui/toast';
import { rotateSigningSecret, saveWebhook, testWebhook } from '../api';
import { webhookMessages } from '../messages';
import { configOf, disabledReasonOf, endpointOf, isValidWebhookUrl, type WebhookConfig, type WebhookEntry } from '../schema';
import { WebhookDeliveryLog } from './WebhookDeliveryLog';

type TestResult = { state: 'idle' } | { state: 'success'; message: string } | { state: 'error'; message: string; detail: string | null };

/** Why the dispatcher turned the webhook off, and how to turn it on again (its own component: only a card that shows it waits for the words). */
function DisabledReason({ reason }: { reason: NonNullable<ReturnType<typeof disabledReasonOf>> }) {
  const t = useT(webhookMessages);
  return (
    <div role="note" data-testid="webhook-disabled-reason" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm dark:border-red-800 dark:bg-red-950">
      <p className="font-medium text-red-800 dark:text-red-200">{t('disabled.title')}</p>
      <p className="mt-1">{reason === 'gone' ? t('disabled.gone') : reason === 'failing' ? t('disabled.failing') : t('disabled.other', { reason: reason.other })}</p>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{t('disabled.hint')}</p>
    </div>
  );
}

/**
 * One module's webhook. View mode shows the saved config with Edit; Edit/Cancel toggles edit mode
 * and Cancel restores the original; a module without a subscription starts new. The address must
 * be a valid URL for Test and Save; the auth header fields show only when authentication is on.
 * Saving needs the last test to have succeeded (any change asks for a new test); a saved webhook
 * is active and back in view mode; one the dispatcher turned off (410 Gone, failing for 5 days) says
 * why in view mode, until saving turns it on again (the database clears the reason). The signing secret is shown once, when it is made or rotated
 * (Rotate asks first: the receiver must switch to the new secret). A saved webhook's delivery log
 * opens under it.
 */
export function WebhookCard({ entry, onSaved }: { entry: WebhookEntry; onSaved: (entry: WebhookEntry) => void }) {
  const t = useT(webhookMessages);
  const serverWords = useServerWords();
  const toast = useToast();
  const isNew = !entry.id;
  const [editing, setEditing] = useState(isNew);
  const [config, setConfig] = useState<WebhookConfig>(() => configOf(entry));
  const [test, setTest] = useState<TestResult>({ state: 'idle' });
  const [draftSecret, setDraftSecret] = useState<string | null>(null);
  const [shownSecret, setShownSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [logOpen, setLogOpen] = useState(false);

  const url = config.webhook_url.trim();
  const urlValid = isValidWebhookUrl(url);
  const urlError = url !== '' && !urlValid ? t('msg.invalidUrl') : undefined;
  const headingId = `webhook-${entry.module_id}`;
  const disabledReason = disabledReasonOf(entry);

  const change = (patch: Partial<WebhookConfig>) => {
    setConfig((current) => ({ ...current, ...patch }));
    setTest({ state: 'idle' });
  };

  const cancel = () => {
    setConfig(configOf(entry));
    setTest({ state: 'idle' });
    setEditing(false);
  };

  const runTest = async () => {
    setBusy('test');
    try {
      const outcome = await testWebhook(endpointOf(config), { subscriptionId: entry.id, signingSecret: draftSecret });
      if (outcome.signingSecret) setDraftSecret(outcome.signingSecret);
      if (outcome.success) {
        const message = t('msg.testSuccessful');
        setTest({ state: 'success', message });
        toast.success(message);
      } else {
        // The receiver answered (not 2xx): the test completed; else it could not be sent. Why, by its key.
        const message = outcome.statusCode !== null ? t('msg.testCompleted') : t('msg.testFailed');
        const detail = (outcome.detailKey ? serverWords(outcome.detailKey, outcome.detailParams) : undefined) ?? outcome.detail;
        setTest({ state: 'error', message, detail });
        toast.error(detail ? `${message}: ${detail}` : message);
      }
    } catch (error) {
      const message = keyedRefusalText(error, serverWords) ?? t('msg.testFailed');
      setTest({ state: 'error', message, detail: null });
      toast.error(message);
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    setBusy('save');
    try {
      const endpoint = endpointOf(config);
      const outcome = await saveWebhook(entry, endpoint, draftSecret);
      toast.success(t('msg.saved'));
      if (outcome.signingSecret && isNew) setShownSecret(outcome.signingSecret);
      setDraftSecret(null);
      setTest({ state: 'idle' });
      setEditing(false);
      onSaved({ ...entry, ...endpoint, id: outcome.id, is_active: true, disabled_reason: null });
    } catch (error) {
      toast.error(keyedRefusalText(error, serverWords) ?? t('msg.saveFailed'));
    } finally {
      setBusy(null);
    }
  };

  const rotate = async () => {
    if (!entry.id) return;
    // A refusal rejects, and the dialog shows its message in place: the server's by its key, else the catalogue's.
    const secret = await rotateSigningSecret({ ...entry, id: entry.id }).catch((error: unknown) => {
      throw new Error(keyedRefusalText(error, serverWords) ?? t('msg.rotateFailed'), { cause: error });
    });
    setShownSecret(secret);
    toast.success(t('msg.rotated'));
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-base font-semibold">
            {t('card.module', { id: entry.module_id, name: entry.module_name })}
          </h3>
          <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{entry.event_types.join(', ')}</p>
        </div>
        <div className="flex items-center gap-2">
          {isNew ? <Chip tone="neutral">{t('card.notConfigured')}</Chip> : <Chip tone={entry.is_active ? 'success' : 'neutral'}>{entry.is_active ? t('card.active') : t('card.inactive')}</Chip>}
          {!isNew && (
            <Button variant="secondary" onClick={editing ? cancel : () => setEditing(true)} disabled={busy !== null}>
              {editing ? t('card.cancel') : t('card.edit')}
            </Button>
          )}
        </div>
      </div>

      {shownSecret && (
        <div role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950">
          <p className="font-medium">{t('secret.title')}</p>
          <p className="mt-1 font-mono break-all" data-testid="webhook-signing-secret">
            {shownSecret}
          </p>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t('secret.hint')}</p>
        </div>
      )}

      {!editing ? (
        <>
          {disabledReason && <DisabledReason reason={disabledReason} />}
          <dl className="mt-4 space-y-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600 dark:text-slate-400">{t('card.url')}</dt>
              <dd className="break-all text-right font-medium">{entry.webhook_url}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600 dark:text-slate-400">{t('card.authentication')}</dt>
              <dd className="text-right font-medium">{entry.secret_header_key ? `${entry.secret_header_key}: ••••••` : t('card.noAuthentication')}</dd>
            </div>
          </dl>
          {entry.id && (
            <div className="mt-4 space-y-3">
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="secondary" onClick={() => setConfirmRotate(true)}>
                  {t('card.rotate')}
                </Button>
                <Button variant="secondary" aria-expanded={logOpen} onClick={() => setLogOpen((open) => !open)}>
                  {logOpen ? t('card.hideLog') : t('card.log')}
                </Button>
              </div>
              {logOpen && <WebhookDeliveryLog subscriptionId={entry.id} />}
            </div>
          )}
        </>
      ) : (
        <div className="mt-4 space-y-4">
          <TextField
            label={t('card.url')}
            type="url"
            inputMode="url"
            placeholder="https://example.com/webhooks"
            value={config.webhook_url}
            onChange={(event) => change({ webhook_url: event.target.value })}
            error={urlError}
            required
          />
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" className="size-4 accent-brand" checked={config.use_auth} onChange={(event) => change({ use_auth: event.target.checked })} />
            {t('card.useAuthentication')}
          </label>
          {config.use_auth && (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={t('card.headerName')} placeholder="Authorization" value={config.secret_header_key} onChange={(event) => change({ secret_header_key: event.target.value })} autoComplete="off" />
              <TextField
                label={t('card.headerValue')}
                placeholder={t('card.headerValuePlaceholder')}
                value={config.secret_header_value}
                onChange={(event) => change({ secret_header_value: event.target.value })}
                autoComplete="off"
              />
            </div>
          )}
          <div aria-live="polite" className="text-sm">
            {test.state === 'success' && <p className="text-green-700 dark:text-green-400">{test.message}</p>}
            {test.state === 'error' && (
              <p className="text-red-700 dark:text-red-400">
                {test.message}
                {test.detail ? `: ${test.detail}` : ''}
              </p>
            )}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => void runTest()} disabled={!urlValid || busy !== null} busy={busy === 'test'}>
              {t('card.test')}
            </Button>
            <Button onClick={() => void save()} disabled={!urlValid || test.state !== 'success' || busy !== null} busy={busy === 'save'}>
              {isNew ? t('card.create') : t('card.save')}
            </Button>
          </div>
          {test.state !== 'success' && urlValid && <p className="text-right text-xs text-slate-500 dark:text-slate-400">{t('card.testFirst')}</p>}
        </div>
      )}
      <ConfirmDialog
        open={confirmRotate}
        onClose={() => setConfirmRotate(false)}
        title={t('rotate.title')}
        message={t('rotate.message')}
        confirmLabel={t('rotate.confirm')}
        destructive
        onConfirm={rotate}
      />
    </section>
  );
}
