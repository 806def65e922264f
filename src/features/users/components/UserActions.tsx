import { useState, type ReactNode } from 'react';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { useT } from '../../../lib/i18n/catalogue';
import type { MenuAction } from '../../../ui/Menu';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useToast } from '../../../ui/toast';
import { deactivateUser, reactivateUser, resendInvite } from '../api';
import { userMessages } from '../messages';
import type { Person } from '../schema';
import { answerWords, errorWords, translatedError } from '../words';
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
  const t = useT(userMessages);
  const server = useServerWords();
  const [roleOf, setRoleOf] = useState<Person | null>(null);
  const [confirm, setConfirm] = useState<{ person: Person; kind: 'deactivate' | 'reactivate' } | null>(null);

  const actionsFor = (person: Person): MenuAction[] => {
    const self = person.id === currentUserId;
    const actions: MenuAction[] = [];
    if (onView) actions.push({ label: t('action.view'), onSelect: () => onView(person) });
    actions.push({ label: t('action.changeRole'), onSelect: () => setRoleOf(person), disabled: self, ...(self ? { reason: t('error.selfRole') } : {}) });
    if (person.status === 'inactive' || person.status === 'suspended') {
      actions.push({ label: t('action.reactivate'), onSelect: () => setConfirm({ person, kind: 'reactivate' }) });
    } else {
      actions.push({
        label: t('action.deactivate'),
        destructive: true,
        onSelect: () => setConfirm({ person, kind: 'deactivate' }),
        disabled: self,
        ...(self ? { reason: t('error.selfDeactivate') } : {}),
      });
    }
    const invited = person.status === 'invited';
    actions.push({
      label: t('action.resendInvite'),
      disabled: !invited,
      ...(invited ? {} : { reason: t('action.onlyInvited') }),
      onSelect: () => {
        resendInvite(person.id).then(
          (answer) => toast.success(answerWords(t, answer)),
          (error: unknown) => toast.error(errorWords(t, server, error)),
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
        title={confirm?.kind === 'reactivate' ? t('confirm.reactivateTitle') : t('confirm.deactivateTitle')}
        message={
          confirm?.kind === 'reactivate'
            ? t('confirm.reactivate', { name: confirm.person.full_name })
            : t('confirm.deactivate', { name: confirm?.person.full_name ?? '' })
        }
        confirmLabel={confirm?.kind === 'reactivate' ? t('action.reactivate') : t('action.deactivate')}
        destructive={confirm?.kind === 'deactivate'}
        onConfirm={async () => {
          if (!confirm) return;
          const { user, ...answer } = await (confirm.kind === 'deactivate' ? deactivateUser(confirm.person.id) : reactivateUser(confirm.person.id)).catch((error: unknown) => {
            throw translatedError(t, server, error);
          });
          toast.success(answerWords(t, answer));
          onChanged(user);
        }}
      />
    </>
  );

  return { actionsFor, dialogs };
}
