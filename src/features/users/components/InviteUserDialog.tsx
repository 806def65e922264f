import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Form, SelectField, SubmitButton, TextField, useZodForm } from '../../../ui/form';
import { useToast } from '../../../ui/toast';
import { inviteUser } from '../api';
import { InviteUserSchema, ROLE_OPTIONS, USER_TYPE_OPTIONS, type InviteUserInput, type Person } from '../schema';

const EMPTY: InviteUserInput = { email: '', first_name: '', last_name: '', phone: '', panel_type: 'customer', user_type: 'individual' };

/**
 * Invite user: the admin-users function creates the account in the admin's business and mails
 * the invitation; the person sets a password from it and lands in their role's panel.
 */
export function InviteUserDialog({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: (person: Person) => void }) {
  const toast = useToast();
  const form = useZodForm(InviteUserSchema, { defaultValues: EMPTY });
  const submitting = form.formState.isSubmitting;

  const close = () => {
    if (submitting) return;
    form.reset(EMPTY);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title="Invite user" description="They get an email with a link to set their password." size="lg">
      <Form
        form={form}
        aria-label="Invite user"
        onSubmit={async (values) => {
          const { user, message } = await inviteUser(values);
          toast.success(message);
          form.reset(EMPTY);
          onInvited(user);
        }}
        className="space-y-4"
      >
        <TextField<InviteUserInput, 'email'> name="email" label="Email" type="email" autoComplete="off" required autoFocus />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField<InviteUserInput, 'first_name'> name="first_name" label="First name" required />
          <TextField<InviteUserInput, 'last_name'> name="last_name" label="Last name" required />
        </div>
        <TextField<InviteUserInput, 'phone'> name="phone" label="Phone" type="tel" autoComplete="off" help="Optional; at least 10 digits" />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField<InviteUserInput, 'panel_type'> name="panel_type" label="Role" required options={ROLE_OPTIONS} />
          <SelectField<InviteUserInput, 'user_type'> name="user_type" label="User type" required options={USER_TYPE_OPTIONS} />
        </div>
        <div className="flex justify-end gap-2 pt-2 pb-5">
          <Button variant="secondary" onClick={close} disabled={submitting}>
            Cancel
          </Button>
          <SubmitButton>Send invitation</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
