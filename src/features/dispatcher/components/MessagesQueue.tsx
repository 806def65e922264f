import { useMemo, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { dispatcherDeliveryPath } from '../../../lib/dispatcher-sections';
import { formatRelativeTime } from '../../../lib/relative-time';
import { useFeedChanges } from '../../../lib/use-feed-changes';
import { useNow } from '../../../lib/use-now';
import { useListUrlState } from '../../../lib/url-state';
import { useServerList } from '../../../lib/use-server-list';
import { DataTable, FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { useToast } from '../../../ui/toast';
import { acknowledgeCustomerConversation, listCustomerConversations, resolveCustomerConversation } from '../api';
import { supportConversationFeed } from '../atoms';
import { messageList, type MessageFilters } from '../list';
import { conversationSupportState } from '../../../data/statuses';
import { SUPPORT_TOASTS, type CustomerConversationRow } from '../schema';
import { acknowledgeAction, DeliveryCell, HandlingStateCell, resolveAction } from './handling';
import { NoteActionDialog, type NoteAction } from './NoteActionDialog';
import { formatDateTime } from '../../../lib/format-date';

const STATE_FILTER_OPTIONS: { value: NonNullable<MessageFilters['state']>; label: string }[] = [
  { value: 'waiting', label: 'Waiting for dispatch' },
  { value: 'acknowledged', label: 'Acknowledged' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

/** Chat's conversation in a sheet (composed in src/app): the queue says which one is open. */
export type ConversationSheet = (props: { conversationId: string | null; title: string; onClose: () => void }) => ReactNode;

/** The open conversation's id in the URL (`&conversation=<id>`), as the notification links it. */
const CONVERSATION_PARAM = 'conversation';

function withConversation(location: string, search: string, id: string | null): string {
  const params = new URLSearchParams(search);
  if (id) params.set(CONVERSATION_PARAM, id);
  else params.delete(CONVERSATION_PARAM);
  const query = params.toString();
  return query ? `${location}?${query}` : location;
}

/**
 * Customers' messages (chat's order conversations) still to handle, or as filtered: the newest
 * customer message first, live (a new message, another dispatcher's acknowledgement re-reads the
 * page); acknowledge, resolve with a note, or open the conversation to answer in a sheet.
 */
export function MessagesQueue({ tenantId, conversationSheet }: { tenantId: string; conversationSheet?: ConversationSheet }) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const toast = useToast();
  const now = useNow();
  const table = useListUrlState(messageList);
  const list = useServerList({
    queryKey: ['support-messages', tenantId],
    state: table.state,
    fetchPage: (state, context) => listCustomerConversations(tenantId, state, context),
    rowKey: (m: CustomerConversationRow) => m.id,
    enabled: tenantId !== '',
  });
  const { refetch, refetchLive } = list;
  const live = useFeedChanges(supportConversationFeed, tenantId, refetchLive, refetchLive);
  const [action, setAction] = useState<NoteAction | null>(null);
  const openId = new URLSearchParams(search).get(CONVERSATION_PARAM);
  const open = (id: string | null) => navigate(withConversation(location, search, id));

  const columns = useMemo<DataTableColumn<CustomerConversationRow>[]>(
    () => [
      {
        id: 'delivery_code',
        header: 'Delivery',
        sortable: true,
        cell: (m) => <DeliveryCell kind={m.kind} deliveryId={m.delivery_id} code={m.delivery_code} customer={m.customer_name} />,
      },
      {
        id: 'last_customer_message_at',
        header: 'Last message',
        sortable: true,
        cell: (m) => (
          <div className="max-w-sm">
            <div className="line-clamp-2 break-words" data-testid="support-message-text">
              {m.last_customer_message ?? '—'}
            </div>
            <div className="text-xs text-slate-500 dark:text-slate-400">{formatDateTime(m.last_customer_message_at)}</div>
          </div>
        ),
      },
      {
        id: 'waiting_since',
        header: 'Waiting since',
        sortable: true,
        hideBelow: 'md',
        cell: (m) => (m.state === 'resolved' ? '—' : <time dateTime={m.waiting_since} title={formatDateTime(m.waiting_since)}>{formatRelativeTime(m.waiting_since, now)}</time>),
      },
      {
        id: 'state',
        header: 'State',
        cell: (m) => <HandlingStateCell row={m} vocabulary={conversationSupportState} />,
      },
    ],
    [now],
  );

  const acknowledge = (m: CustomerConversationRow) =>
    acknowledgeAction(`Acknowledge ${m.customer_name ?? 'the customer'}'s message about ${m.delivery_code}?`, (note) => acknowledgeCustomerConversation(m.id, note));
  const resolve = (m: CustomerConversationRow) =>
    resolveAction(
      `Resolve the conversation about ${m.delivery_code}?`,
      'Say what was done: it closes the item for the whole team. A new message from the customer opens it again.',
      (note) => resolveCustomerConversation(m.id, note),
    );
  const openRow = list.rows.find((m) => m.id === openId);

  return (
    <>
      <DataTable
        label="Customer messages"
        columns={columns}
        {...table}
        {...list.tableProps}
        liveState={live.state}
        rowLabel={(m) => m.delivery_code}
        searchPlaceholder="Search code, customer or message"
        emptyMessage="No customer messages to handle"
        rowActions={(m) => [
          { label: 'Open conversation', onSelect: () => open(m.id), disabled: !conversationSheet, reason: 'Chat is not available here' },
          { label: 'Acknowledge', onSelect: () => setAction(acknowledge(m)), disabled: m.state !== 'waiting', reason: `Already ${m.state}` },
          { label: 'Resolve', onSelect: () => setAction(resolve(m)), disabled: m.state === 'resolved', reason: 'Already resolved' },
          { label: 'Open delivery', onSelect: () => navigate(dispatcherDeliveryPath(m.kind, m.delivery_id)) },
        ]}
        filterFields={(draft, setDraft) => (
          <div className="space-y-4">
            <FilterSelect label="State" value={draft.state} options={STATE_FILTER_OPTIONS} anyLabel="Still to handle" onChange={(state) => setDraft((current) => ({ ...current, state }))} />
          </div>
        )}
      />
      <NoteActionDialog
        action={action}
        onClose={() => setAction(null)}
        onDone={() => {
          toast.success(action?.confirmLabel === 'Resolve' ? SUPPORT_TOASTS.resolved : SUPPORT_TOASTS.acknowledged);
          refetch();
        }}
      />
      {conversationSheet?.({
        conversationId: openId,
        title: openRow ? `${openRow.customer_name ?? 'Customer'} · ${openRow.delivery_code}` : 'Conversation',
        onClose: () => {
          open(null);
          refetch();
        },
      })}
    </>
  );
}
