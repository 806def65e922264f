import { useState } from 'react';
import { z } from 'zod';
import { Avatar } from '../../../ui/Avatar';
import { ComboboxField, Form, SelectField, SubmitButton, useZodForm } from '../../../ui/form';
import { InlineConfirm } from '../../../ui/InlineConfirm';
import { publicFileUrl } from '../../../lib/storage-url';
import { lookupStaff } from '../../../data/people';
import { updateParticipants } from '../api';
import { CHAT_MESSAGES, PARTICIPANT_ROLES, ROLE_LABELS, type ConversationDetail, type ParticipantRole } from '../schema';

const AddSchema = z.object({
  user_ids: z.array(z.string()).min(1, 'Choose at least one person').max(50, 'Choose at most 50 people'),
  role: z.enum(PARTICIPANT_ROLES, { error: 'Choose a role' }),
});
type AddInput = z.input<typeof AddSchema>;

const ROLE_OPTIONS = (['dispatcher', 'admin', 'member'] as const).map((role) => ({ value: role, label: ROLE_LABELS[role] }));

function roleLabel(role: string): string {
  return (PARTICIPANT_ROLES as readonly string[]).includes(role) ? ROLE_LABELS[role as ParticipantRole] : role;
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
  const form = useZodForm(AddSchema, { defaultValues: { user_ids: [], role: 'dispatcher' } });

  return (
    <section aria-label="Participants" className="border-b border-slate-200 px-3 py-3 dark:border-slate-800">
      <ul className="space-y-2" data-testid="chat-participants">
        {detail.participants.map((p) => {
          const name = p.full_name ?? 'Unknown person';
          return (
            <li key={p.user_id} className="flex items-center gap-2 text-sm">
              <Avatar name={name} src={publicFileUrl(p.avatar_url)} size="sm" />
              <span className="min-w-0 flex-1 truncate">
                {name}
                {p.user_id === userId ? ' (you)' : ''}
              </span>
              <span className="text-xs text-slate-500 dark:text-slate-400">{roleLabel(p.role)}</span>
              {canManage && p.user_id !== userId && (
                <button
                  type="button"
                  onClick={() => setRemoving({ id: p.user_id, name })}
                  className="rounded px-1.5 py-0.5 text-xs font-semibold text-red-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand dark:text-red-300 dark:hover:bg-slate-800"
                  aria-label={`Remove ${name}`}
                >
                  Remove
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {removing && (
        <div className="mt-2">
          <InlineConfirm
            title={`Remove ${removing.name} from the conversation?`}
            message="They will no longer see it or hear of new messages, unless they are staff."
            confirmLabel="Remove"
            destructive
            onCancel={() => setRemoving(null)}
            onConfirm={async () => {
              await updateParticipants(detail.id, 'remove', [removing.id]);
              setNotice({ tone: 'ok', text: CHAT_MESSAGES.participantRemoved });
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
            setNotice({ tone: 'ok', text: CHAT_MESSAGES.participantsAdded });
            form.reset({ user_ids: [], role: values.role });
            onChanged();
          }}
        >
          <ComboboxField<AddInput, 'user_ids'>
            name="user_ids"
            label="Add people"
            multiple
            placeholder="Search staff by name or email"
            search={(term, signal, limit) => lookupStaff(tenantId, term, limit, signal, { activeOnly: true })}
          />
          <div className="flex items-end gap-2">
            <SelectField<AddInput, 'role'> name="role" label="As" options={ROLE_OPTIONS} className="flex-1" />
            <SubmitButton>Add</SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}
