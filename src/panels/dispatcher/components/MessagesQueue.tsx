import { useMemo, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { dispatcherDeliveryPath } from '../../../lib/dispatcher-sections';
import { useFormat } from '../../../lib/i18n/format';
import { useFeedChanges } from '../../../lib/use-feed-changes';
import { useNow } from '../../../lib/use-now';
import type { ServerList } from '../../../lib/use-server-list';
import { FilterSelect, type DataTableColumn } from '../../../ui/data-table';
import { acknowledgeCustomerConversation, listCustomerConversations, resolveCustomerConversation } from '../api';
import { supportConversationFeed } from '../atoms';
import { messageList, type MessageFilters } from '../list';
import type { CustomerConversationRow } from '../schema';
import { acknowledgeAction, DeliveryCell, HandlingStateCell, resolveAction } from './handling';
import { SupportQueue } from './SupportQueue';
import { useSupportWords } from './support-words';

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

/** Live on the conversations topic: a new message or another dispatcher's acknowledgement re-reads the page. */
function useMessagesLive(tenantId: string, { refetchLive }: ServerList<CustomerConversationRow>) {
  return useFeedChanges(supportConversationFeed, tenantId, refetchLive, refetchLive).state;
}

/**
 * Customers' messages (chat's order conversations) still to handle, or as filtered: the newest
 * customer message first, live (a new message, another dispatcher's acknowledgement re-reads the
 * page); acknowledge, resolve with a note, or open the conversation to answer in a sheet.
 */
export function MessagesQueue({ tenantId, conversationSheet }: { tenantId: string; conversationSheet?: ConversationSheet }) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const words = useSupportWords();
  const { t } = words;
  const format = useFormat();
  const now = useNow();
  const stateOptions: { value: NonNullable<MessageFilters['state']>; label: string }[] = [...words.conversationState.options, { value: 'all', label: t('filter.all') }];
  const openId = new URLSearchParams(search).get(CONVERSATION_PARAM);
  const open = (id: string | null) => navigate(withConversation(location, search, id));

  const columns = useMemo<DataTableColumn<CustomerConversationRow>[]>(
    () => [
      {
        id: 'delivery_code',
        header: t('col.delivery'),
        sortable: true,
        cell: (m) => <DeliveryCell kind={m.kind} deliveryId={m.delivery_id} code={m.delivery_code} customer={m.customer_name} />,
      },
      {
        id: 'last_customer_message_at',
        header: t('col.lastMessage'),
        sortable: true,
        cell: (m) => (
          <div className="max-w-sm">
            <div className="line-clamp-2 break-words" data-testid="support-message-text">
              {m.last_customer_message ?? '—'}
            </div>
            <div className="text-xs text-slate-500 dark:text-slate-400">{format.dateTime(m.last_customer_message_at)}</div>
          </div>
        ),
      },
      {
        id: 'waiting_since',
        header: t('col.waitingSince'),
        sortable: true,
        hideBelow: 'md',
        cell: (m) => (m.state === 'resolved' ? '—' : <time dateTime={m.waiting_since} title={format.dateTime(m.waiting_since)}>{format.relative(m.waiting_since, now)}</time>),
      },
      {
        id: 'state',
        header: t('col.state'),
        cell: (m) => <HandlingStateCell row={m} vocabulary={words.conversationState} />,
      },
    ],
    [now, t, format, words],
  );

  const acknowledge = (m: CustomerConversationRow) =>
    acknowledgeAction(
      words,
      m.customer_name ? t('ack.messageTitle', { customer: m.customer_name, code: m.delivery_code }) : t('ack.messageTitleNoName', { code: m.delivery_code }),
      (note) => acknowledgeCustomerConversation(m.id, note),
    );
  const resolve = (m: CustomerConversationRow) =>
    resolveAction(
      words,
      t('resolve.messageTitle', { code: m.delivery_code }),
      t('resolve.messageMessage'),
      (note) => resolveCustomerConversation(m.id, note),
    );

  return (
    <SupportQueue
      name="messages"
      tenantId={tenantId}
      list={messageList}
      fetchPage={(state, context) => listCustomerConversations(tenantId, state, context)}
      rowKey={(m: CustomerConversationRow) => m.id}
      columns={columns}
      rowLabel={(m) => m.delivery_code}
      useLive={useMessagesLive}
      rowActions={(m, act) => [
        { label: t('action.openConversation'), onSelect: () => open(m.id), disabled: !conversationSheet, reason: t('reason.noChat') },
        { label: t('action.acknowledge'), onSelect: () => act(acknowledge(m)), disabled: m.state !== 'waiting', reason: t('reason.already', { state: m.state }) },
        { label: t('action.resolve'), onSelect: () => act(resolve(m)), disabled: m.state === 'resolved', reason: t('reason.already', { state: 'resolved' }) },
        { label: t('action.openDelivery'), onSelect: () => navigate(dispatcherDeliveryPath(m.kind, m.delivery_id)) },
      ]}
      filterFields={({ field }) => (
        <div className="space-y-4">
          <FilterSelect label={t('filter.state')} options={stateOptions} anyLabel={t('filter.stillToHandle')} {...field('state')} />
        </div>
      )}
      after={(list) => {
        const openRow = list.rows.find((m) => m.id === openId);
        return conversationSheet?.({
          conversationId: openId,
          title: openRow ? t('messages.sheetTitle', { customer: openRow.customer_name ?? t('messages.customer'), code: openRow.delivery_code }) : t('messages.conversation'),
          onClose: () => {
            open(null);
            list.refetch();
          },
        });
      }}
    />
  );
}
