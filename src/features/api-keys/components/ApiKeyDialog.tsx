import { useCallback, useMemo } from 'react';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { useT } from '../../../lib/i18n/catalogue';
import { Dialog } from '../../../ui/Dialog';
import { DateTimeField, DialogFormActions, Form, SwitchField, TextAreaField, TextField, useZodForm } from '../../../ui/form';
import { useToast } from '../../../ui/toast';
import { apiKeyMessages } from '../messages';
import { translatedError, translateApiKeyMessage } from '../words';
import { generateApiKey, updateApiKey, type ApiKeyScope } from '../api';
import { apiKeyFormSchema, toIsoExpiry, toLocalInput, type ApiKey, type ApiKeyFormInput } from '../schema';

const EMPTY: ApiKeyFormInput = { name: '', description: '', expires_at: '', is_active: true };

function valuesOf(key: ApiKey | null): ApiKeyFormInput {
  return key ? { name: key.name, description: key.description, expires_at: toLocalInput(key.expires_at), is_active: key.is_active } : EMPTY;
}

export interface ApiKeyDialogProps {
  open: boolean;
  scope: ApiKeyScope;
  /** The key being edited; null generates a new one. */
  apiKey: ApiKey | null;
  onClose: () => void;
  /** A new key was generated: it is shown once, by the caller. */
  onGenerated: (key: string) => void;
  onSaved: () => void;
}

/**
 * Generate or edit a key: name (required once trimmed; the button waits for it), description,
 * an expiry no earlier than now (empty: never expires), and the active switch when editing only.
 * Closing resets the form.
 */
export function ApiKeyDialog({ open, scope, apiKey, onClose, onGenerated, onSaved }: ApiKeyDialogProps) {
  const toast = useToast();
  const editing = apiKey !== null;
  const t = useT(apiKeyMessages);
  const server = useServerWords();
  const translate = useCallback((message: string) => translateApiKeyMessage(t, message), [t]);
  const schema = useMemo(() => apiKeyFormSchema(), []);
  const form = useZodForm(schema, { defaultValues: valuesOf(apiKey), values: valuesOf(apiKey) }, translate);
  const submitting = form.formState.isSubmitting;
  const name = form.watch('name');

  const close = () => {
    if (submitting) return;
    form.reset(valuesOf(apiKey));
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title={editing ? t('dialog.edit') : t('dialog.generate')} size="lg">
      <Form
        form={form}
        aria-label={editing ? t('dialog.edit') : t('dialog.generateLabel')}
        className="space-y-4"
        onSubmit={async (values) => {
          const fields = { name: values.name, description: values.description, expires_at: toIsoExpiry(values.expires_at) };
          if (editing) {
            const message = await updateApiKey(scope, apiKey.id, { ...fields, is_active: values.is_active }).catch((error: unknown) => {
              throw translatedError(t, server, error);
            });
            toast.success(translate(message));
            form.reset(EMPTY);
            onSaved();
          } else {
            const { apiKey: key, message } = await generateApiKey(scope, fields).catch((error: unknown) => {
              throw translatedError(t, server, error);
            });
            toast.success(translate(message));
            form.reset(EMPTY);
            onGenerated(key);
            onSaved();
          }
        }}
      >
        <TextField<ApiKeyFormInput, 'name'> name="name" label={t('field.name')} required autoFocus autoComplete="off" />
        <TextAreaField<ApiKeyFormInput, 'description'> name="description" label={t('field.description')} rows={3} maxLength={500} />
        <DateTimeField<ApiKeyFormInput, 'expires_at'> name="expires_at" label={t('field.expires')} min={toLocalInput(new Date().toISOString())} help={t('field.expiresHelp')} />
        {editing && <SwitchField<ApiKeyFormInput, 'is_active'> name="is_active" label={t('field.active')} help={t('field.activeHelp')} />}
        <DialogFormActions submitLabel={editing ? t('dialog.save') : t('dialog.submitGenerate')} onCancel={close} submitDisabled={name.trim() === ''} />
      </Form>
    </Dialog>
  );
}
