import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Form, SelectField, SubmitButton, useZodForm } from '../../../ui/form';
import { useToast } from '../../../ui/toast';
import { changeUserRole } from '../api';
import { ChangeRoleSchema, ROLE_OPTIONS, ROLES, type ChangeRoleInput, type Person, type Role } from '../schema';

/** Change role: the person's panel changes at once (their app follows it live). */
export function ChangeRoleDialog({ person, onClose, onChanged }: { person: Person | null; onClose: () => void; onChanged: (person: Person) => void }) {
  const toast = useToast();
  const current = (ROLES as readonly string[]).includes(person?.panel_type ?? '') ? (person?.panel_type as Role) : 'customer';
  const form = useZodForm(ChangeRoleSchema, { values: { panel_type: current } });
  const submitting = form.formState.isSubmitting;
  const close = () => {
    if (!submitting) onClose();
  };

  return (
    <Dialog
      open={person !== null}
      onClose={close}
      title="Change role"
      description={person ? `${person.full_name} (${person.email}) works in the panel of this role.` : undefined}
    >
      {person && (
        <Form
          form={form}
          aria-label="Change role"
          onSubmit={async (values) => {
            const { user, message } = await changeUserRole(person.id, values.panel_type);
            toast.success(message);
            onChanged(user);
          }}
          className="space-y-4"
        >
          <SelectField<ChangeRoleInput, 'panel_type'> name="panel_type" label="Role" required options={ROLE_OPTIONS} />
          <div className="flex justify-end gap-2 pt-2 pb-5">
            <Button variant="secondary" onClick={close} disabled={submitting}>
              Cancel
            </Button>
            <SubmitButton>Change role</SubmitButton>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
