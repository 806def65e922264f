import { useCallback, useMemo } from 'react';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { useT } from '../../../lib/i18n/catalogue';
import { Dialog } from '../../../ui/Dialog';
import { DialogFormActions, Form, SelectField, TextField, useZodForm } from '../../../ui/form';
import { useToast } from '../../../ui/toast';
import { inviteUser } from '../api';
import { userMessages } from '../messages';
import { InviteUserSchema, type InviteUserInput, type Person } from '../schema';
import { answerWords, translatedError, translateUserMessage, userOptions } from '../words';

const EMPTY: InviteUserInput = { email: '', first_name: '', last_name: '', phone: '', panel_type: 'customer', user_type: 'individual' };

/**
 * Invite user: the admin-users function creates the account in the admin's business and mails
 * the invitation; the person sets a password from it and lands in their role's panel.
 */
export function InviteUserDialog({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: (person: Person) => void }) {
  const toast = useToast();
  const t = useT(userMessages);
  const server = useServerWords();
  const options = useMemo(() => userOptions(t), [t]);
  const translate = useCallback((message: string) => translateUserMessage(t, message), [t]);
  const form = useZodForm(InviteUserSchema, { defaultValues: EMPTY }, translate);
  const submitting = form.formState.isSubmitting;

  const close = () => {
    if (submitting) return;
    form.reset(EMPTY);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title={t('invite.title')} description={t('invite.description')} size="lg">
      <Form
        form={form}
        aria-label={t('invite.title')}
        onSubmit={async (values) => {
          const { user, ...answer } = await inviteUser(values).catch((error: unknown) => {
            throw translatedError(t, server, error);
          });
          toast.success(answerWords(t, answer));
          form.reset(EMPTY);
          onInvited(user);
        }}
        className="space-y-4"
      >
        <TextField<InviteUserInput, 'email'> name="email" label={t('field.email')} type="email" autoComplete="off" required autoFocus />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField<InviteUserInput, 'first_name'> name="first_name" label={t('field.firstName')} required />
          <TextField<InviteUserInput, 'last_name'> name="last_name" label={t('field.lastName')} required />
        </div>
        <TextField<InviteUserInput, 'phone'> name="phone" label={t('field.phone')} type="tel" autoComplete="off" help={t('field.phoneOptional')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField<InviteUserInput, 'panel_type'> name="panel_type" label={t('field.role')} required options={options.roles} />
          <SelectField<InviteUserInput, 'user_type'> name="user_type" label={t('field.userType')} required options={options.types} />
        </div>
        <DialogFormActions submitLabel={t('invite.send')} onCancel={close} />
      </Form>
    </Dialog>
  );
}
