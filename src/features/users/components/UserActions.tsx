import { useState, type ReactNode } from 'react';
import type { MenuAction } from '../../../ui/Menu';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useToast } from '../../../ui/toast';
import { deactivateUser, reactivateUser, resendInvite } from '../api';
import type { Person } from '../schema';
import { ChangeRoleDialog } from './ChangeRoleDialog';

export interface UserActions {
  /** A person's actions: View (when given), Change role, Deactivate or Reactivate, Resend invite. */
  actionsFor: (person: Person) => MenuAction[];
  /** The dialogs the actions open; render once. */
  dialogs: ReactNode;
}

/**
 * The actions an admin has on a person, for the list's row menu and the detail page alike. The
 * server has the last word (admin-users and the database): what the menu disables, it refuses too.
 */
export function useUserActions({ currentUserId, onChanged, onView }: { currentUserId: string | null; onChanged: (person: Person) => void; onView?: (person: Person) => void }): UserActions {
  const toast = useToast();
  const [roleOf, setRoleOf] = useState<Person | null>(null);
  const [confirm, setConfirm] = useState<{ person: Person; kind: 'deactivate' | 'reactivate' } | null>(null);

  const actionsFor = (person: Person): MenuAction[] => {
    const self = person.id === currentUserId;
    const actions: MenuAction[] = [];
    if (onView) actions.push({ label: 'View', onSelect: () => onView(person) });
    actions.push({ label: 'Change role', onSelect: () => setRoleOf(person), disabled: self, ...(self ? { reason: 'You cannot change your own role' } : {}) });
    if (person.status === 'inactive' || person.status === 'suspended') {
      actions.push({ label: 'Reactivate', onSelect: () => setConfirm({ person, kind: 'reactivate' }) });
    } else {
      actions.push({
        label: 'Deactivate',
        destructive: true,
        onSelect: () => setConfirm({ person, kind: 'deactivate' }),
        disabled: self,
        ...(self ? { reason: 'You cannot deactivate your own account' } : {}),
      });
    }
    const invited = person.status === 'invited';
    actions.push({
      label: 'Resend invite',
      disabled: !invited,
      ...(invited ? {} : { reason: 'Only for people who have not accepted their invitation' }),
      onSelect: () => {
        resendInvite(person.id).then(
          ({ message }) => toast.success(message),
          (error: unknown) => toast.error(error instanceof Error ? error.message : 'Something went wrong!'),
        );
      },
    });
    return actions;
  };

  const dialogs = (
    <>
      <ChangeRoleDialog
        person={roleOf}
        onClose={() => setRoleOf(null)}
        onChanged={(person) => {
          setRoleOf(null);
          onChanged(person);
        }}
      />
      <ConfirmDialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm?.kind === 'reactivate' ? 'Reactivate user?' : 'Deactivate user?'}
        message={
          confirm?.kind === 'reactivate'
            ? `${confirm.person.full_name} can sign in again and works in their panel as before.`
            : `${confirm?.person.full_name ?? ''} is signed out at once and can no longer sign in or see anything of this business. You can reactivate them later.`
        }
        confirmLabel={confirm?.kind === 'reactivate' ? 'Reactivate' : 'Deactivate'}
        destructive={confirm?.kind === 'deactivate'}
        onConfirm={async () => {
          if (!confirm) return;
          const { user, message } = await (confirm.kind === 'deactivate' ? deactivateUser(confirm.person.id) : reactivateUser(confirm.person.id));
          toast.success(message);
          onChanged(user);
        }}
      />
    </>
  );

  return { actionsFor, dialogs };
}
