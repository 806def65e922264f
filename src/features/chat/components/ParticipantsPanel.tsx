import { useCallback, useMemo, useState } from 'react';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { z } from 'zod';
import { Avatar } from '../../../ui/Avatar';
import { ComboboxField, Form, SelectField, SubmitButton, useZodForm } from '../../../ui/form';
import { InlineConfirm } from '../../../ui/InlineConfirm';
import { publicFileUrl } from '../../../lib/storage-url';
import { staffLookup } from '../../../data/people';
import { updateParticipants } from '../api';
import { chatMessages, type ChatKey } from '../messages';
import { PARTICIPANT_ROLES, type ConversationDetail, type ParticipantRole } from '../schema';

/** The form's messages in English; the form shows them in the page's language (ADD_KEYS). */
const ADD_MESSAGES = { atLeastOne: 'Choose at least one person', atMost: 'Choose at most 50 people', role: 'Choose a role' } as const;
const ADD_KEYS: Record<string, ChatKey> = {
  [ADD_MESSAGES.atLeastOne]: 'people.atLeastOne',
  [ADD_MESSAGES.atMost]: 'people.atMost',
  [ADD_MESSAGES.role]: 'people.chooseRole',
};

const AddSchema = z.object({
  user_ids: z.array(z.string()).min(1, ADD_MESSAGES.atLeastOne).max(50, ADD_MESSAGES.atMost),
  role: z.enum(PARTICIPANT_ROLES, { error: ADD_MESSAGES.role }),
});
type AddInput = z.input<typeof AddSchema>;

/** Each participant role's words (the database's check constraint names the values). */
const ROLE_KEYS = {
  admin: 'role.admin',
  dispatcher: 'role.dispatcher',
  driver: 'role.driver',
  customer: 'role.customer',
  member: 'role.member',
} as const satisfies Record<ParticipantRole, ChatKey>;

function roleLabel(t: Translate<ChatKey>, role: string): string {
  return role in ROLE_KEYS ? t(ROLE_KEYS[role as ParticipantRole]) : role;
}

/** Who takes part; staff add people of the tenant's staff (update participants, action add) and take people out. */
export function ParticipantsPanel({
  tenantId,
  userId,
  detail,
  canManage,
  onChanged,
}: {
  tenantId: string;
  userId: string;
  detail: ConversationDetail;
  canManage: boolean;
  onChanged: () => void;
}) {
  // Said here, not in a toast: the toasts are outside the modal drawer this panel is in.
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const t = useT(chatMessages);
  const translate = useCallback((message: string) => (ADD_KEYS[message] ? t(ADD_KEYS[message]) : message), [t]);
  const form = useZodForm(AddSchema, { defaultValues: { user_ids: [], role: 'dispatcher' } }, translate);
  const roleOptions = useMemo(() => (['dispatcher', 'admin', 'member'] as const).map((role) => ({ value: role, label: roleLabel(t, role) })), [t]);

  return (
    <section aria-label={t('people.label')} className="border-b border-slate-200 px-3 py-3 dark:border-slate-800">
      <ul className="space-y-2" data-testid="chat-participants">
        {detail.participants.map((p) => {
          const name = p.full_name ?? t('view.unknown');
          return (
            <li key={p.user_id} className="flex items-center gap-2 text-sm">
              <Avatar name={name} src={publicFileUrl(p.avatar_url)} size="sm" />
              <span className="min-w-0 flex-1 truncate">
                {p.user_id === userId ? t('people.you', { name }) : name}
              </span>
              <span className="text-xs text-slate-500 dark:text-slate-400">{roleLabel(t, p.role)}</span>
              {canManage && p.user_id !== userId && (
                <button
                  type="button"
                  onClick={() => setRemoving({ id: p.user_id, name })}
                  className="rounded px-1.5 py-0.5 text-xs font-semibold text-red-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand dark:text-red-300 dark:hover:bg-slate-800"
                  aria-label={t('people.removeName', { name })}
                >
                  {t('people.remove')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {removing && (
        <div className="mt-2">
          <InlineConfirm
            title={t('people.removeTitle', { name: removing.name })}
            message={t('people.removeMessage')}
            confirmLabel={t('people.remove')}
            destructive
            onCancel={() => setRemoving(null)}
            onConfirm={async () => {
              await updateParticipants(detail.id, 'remove', [removing.id]);
              setNotice({ tone: 'ok', text: t('error.participantRemoved') });
              setRemoving(null);
              onChanged();
            }}
          />
        </div>
      )}
      {notice && (
        <p role={notice.tone === 'error' ? 'alert' : 'status'} className={`mt-2 text-xs ${notice.tone === 'error' ? 'text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300'}`}>
          {notice.text}
        </p>
      )}
      {canManage && (
        <Form
          form={form}
          className="mt-3 space-y-2"
          onServerError={(_error, result) => result.unmatched && setNotice({ tone: 'error', text: result.unmatched })}
          onSubmit={async (values) => {
            setNotice(null);
            await updateParticipants(detail.id, 'add', values.user_ids, values.role);
            setNotice({ tone: 'ok', text: t('error.participantsAdded') });
            form.reset({ user_ids: [], role: values.role });
            onChanged();
          }}
        >
          <ComboboxField<AddInput, 'user_ids'>
            name="user_ids"
            label={t('people.add')}
            multiple
            placeholder={t('people.search')}
            {...staffLookup(tenantId, { activeOnly: true })}
          />
          <div className="flex items-end gap-2">
            <SelectField<AddInput, 'role'> name="role" label={t('people.as')} options={roleOptions} className="flex-1" />
            <SubmitButton>{t('people.addButton')}</SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}
