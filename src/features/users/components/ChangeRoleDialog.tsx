import { useCallback, useMemo } from 'react';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { useT } from '../../../lib/i18n/catalogue';
import { Dialog } from '../../../ui/Dialog';
import { DialogFormActions, Form, SelectField, useZodForm } from '../../../ui/form';
import { useToast } from '../../../ui/toast';
import { changeUserRole } from '../api';
import { userMessages } from '../messages';
import { answerWords, translatedError, translateUserMessage, userOptions } from '../words';
import { ChangeRoleSchema, ROLES, type ChangeRoleInput, type Person, type Role } from '../schema';

/** Change role: the person's panel changes at once (their app follows it live). */
export function ChangeRoleDialog({ person, onClose, onChanged }: { person: Person | null; onClose: () => void; onChanged: (person: Person) => void }) {
  const toast = useToast();
  const t = useT(userMessages);
  const server = useServerWords();
  const options = useMemo(() => userOptions(t), [t]);
  const translate = useCallback((message: string) => translateUserMessage(t, message), [t]);
  const current = (ROLES as readonly string[]).includes(person?.panel_type ?? '') ? (person?.panel_type as Role) : 'customer';
  const form = useZodForm(ChangeRoleSchema, { values: { panel_type: current } }, translate);
  const submitting = form.formState.isSubmitting;
  const close = () => {
    if (!submitting) onClose();
  };

  return (
    <Dialog
      open={person !== null}
      onClose={close}
      title={t('role.title')}
      description={person ? t('role.description', { name: person.full_name, email: person.email }) : undefined}
    >
      {person && (
        <Form
          form={form}
          aria-label={t('role.title')}
          onSubmit={async (values) => {
            const { user, ...answer } = await changeUserRole(person.id, values.panel_type).catch((error: unknown) => {
              throw translatedError(t, server, error);
            });
            toast.success(answerWords(t, answer));
            onChanged(user);
          }}
          className="space-y-4"
        >
          <SelectField<ChangeRoleInput, 'panel_type'> name="panel_type" label={t('field.role')} required options={options.roles} />
          <DialogFormActions submitLabel={t('role.title')} onCancel={close} />
        </Form>
      )}
    </Dialog>
  );
}
