import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { useFormat, type LocaleFormat } from '../../../lib/i18n/format';
import { useServerWords, type ServerWords } from '../../../lib/server-messages/server-words';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { publicFileUrl } from '../../../lib/storage-url';
import { chatMessages, type ChatKey } from '../messages';
import { CHAT_MESSAGES, type ChatMessage, type Person } from '../schema';
import { threadItems, type ThreadItem } from '../thread';

/** Longer threads render only the rows in view (as the DataTable does past 100 rows). */
export const VIRTUALIZE_ABOVE = 100;
/** Within this many pixels of the bottom counts as reading the newest: new messages keep it there. */
const STICK_PX = 80;

export interface MessageListProps {
  messages: ChatMessage[];
  userId: string;
  people: ReadonlyMap<string, Person>;
  hasMore: boolean;
  loadingOlder: boolean;
  olderError: boolean;
  onLoadOlder: () => void;
  onRetry: (clientId: string) => void;
  empty: ReactNode;
}

function nameOf(t: Translate<ChatKey>, people: ReadonlyMap<string, Person>, id: string | null): string {
  if (!id) return t('messages.former');
  return people.get(id)?.full_name ?? t('view.unknown');
}

interface RowWords {
  t: Translate<ChatKey>;
  format: LocaleFormat;
  /** The server's keyed refusals (a send refused) in the page's language. */
  server: ServerWords;
}

function MessageRow({ item, people, onRetry, words: { t, format, server } }: { item: Extract<ThreadItem, { kind: 'message' }>; people: ReadonlyMap<string, Person>; onRetry: (clientId: string) => void; words: RowWords }) {
  const { message, mine, showSender } = item;
  const name = mine ? t('messages.you') : nameOf(t, people, message.sender_id);
  const avatar = message.sender_id ? people.get(message.sender_id)?.avatar_url : null;
  return (
    <div
      data-testid="chat-message"
      data-status={message.status}
      className={`flex gap-2 px-1 ${showSender ? 'pt-3' : 'pt-1'} ${mine ? 'flex-row-reverse' : ''}`}
    >
      <div className="w-8 shrink-0">{showSender && !mine && <Avatar name={name} src={avatar ? publicFileUrl(avatar) : null} size="sm" />}</div>
      <div className={`flex max-w-[80%] min-w-0 flex-col ${mine ? 'items-end' : 'items-start'}`}>
        {showSender && (
          <div className="mb-0.5 flex items-baseline gap-2 text-xs text-slate-600 dark:text-slate-400">
            <span className="font-semibold text-slate-800 dark:text-slate-200">{name}</span>
          </div>
        )}
        <div
          className={
            'rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap ' +
            (mine ? 'bg-brand text-brand-contrast' : 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100') +
            (message.status === 'sending' ? ' opacity-60' : '') +
            (message.status === 'failed' ? ' opacity-70 ring-2 ring-red-500' : '')
          }
        >
          {message.content}
        </div>
        <div className="mt-0.5 flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
          {message.status === 'sending' && <span>{t('messages.sending')}</span>}
          {message.status === 'sent' && <time dateTime={message.created_at}>{format.time(message.created_at)}</time>}
          {message.status === 'failed' && message.client_id && (
            <>
              <span role="alert" className="font-medium text-red-700 dark:text-red-300">
                {message.error && message.error !== CHAT_MESSAGES.sendFailed
                  ? t('messages.failedWith', { error: (message.errorKey && server(message.errorKey, message.errorParams)) || message.error })
                  : t('error.sendFailed')}
              </span>
              <button
                type="button"
                onClick={() => onRetry(message.client_id!)}
                className="rounded px-1.5 py-0.5 font-semibold text-brand hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand dark:hover:bg-slate-800"
              >
                {t('messages.retry')}
              </button>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

function DaySeparator({ label }: { label: string }) {
  return (
    <div role="separator" aria-label={label} className="flex items-center gap-3 py-3 text-xs font-medium text-slate-500 dark:text-slate-400">
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      <span>{label}</span>
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
    </div>
  );
}

function Row({ item, people, onRetry, words }: { item: ThreadItem; people: ReadonlyMap<string, Person>; onRetry: (clientId: string) => void; words: RowWords }) {
  return item.kind === 'day' ? <DaySeparator label={item.label} /> : <MessageRow item={item} people={people} onRetry={onRetry} words={words} />;
}

/**
 * The conversation's messages, oldest at the top and newest at the bottom: day separators, the
 * sender's name and picture once per run, the time under each; 'sending' greyed, a failed one with
 * Retry. Stays at the bottom while the person reads the newest; 'Load earlier messages' keeps the
 * place when older ones are put above.
 */
export function MessageList({ messages, userId, people, hasMore, loadingOlder, olderError, onLoadOlder, onRetry, empty }: MessageListProps) {
  const t = useT(chatMessages);
  const format = useFormat();
  const server = useServerWords();
  const words = useMemo(() => ({ t, format, server }), [t, format, server]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const items = useMemo(
    () => threadItems(messages, userId, new Date(), format.language, { today: t('day.today'), yesterday: t('day.yesterday') }),
    [messages, userId, format.language, t],
  );
  const virtual = items.length > VIRTUALIZE_ABOVE;
  const virtualizer = useVirtualizer({
    count: virtual ? items.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (items[index]?.kind === 'day' ? 40 : 64),
    getItemKey: (index) => items[index]?.key ?? index,
    overscan: 8,
  });

  // Where the list was before this render: at the bottom, and how tall it was with which first item.
  const before = useRef({ atBottom: true, height: 0, firstKey: null as string | null, lastKey: null as string | null });
  const firstKey = items.find((item) => item.kind === 'message')?.key ?? null;
  const last = items[items.length - 1];
  const lastKey = last?.key ?? null;
  const lastMine = last?.kind === 'message' && last.mine;

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const previous = before.current;
    if (previous.firstKey !== null && firstKey !== previous.firstKey && lastKey === previous.lastKey) {
      // Older messages were put above: keep the same messages in view.
      element.scrollTop += element.scrollHeight - previous.height;
    } else if (lastKey !== previous.lastKey && (previous.atBottom || lastMine)) {
      if (virtual) virtualizer.scrollToIndex(items.length - 1, { align: 'end' });
      else element.scrollTop = element.scrollHeight;
    }
    before.current = { atBottom: before.current.atBottom, height: element.scrollHeight, firstKey, lastKey };
  }, [firstKey, lastKey, lastMine, items.length, virtual, virtualizer]);

  function onScroll() {
    const element = scrollRef.current;
    if (!element) return;
    before.current.atBottom = element.scrollHeight - element.scrollTop - element.clientHeight <= STICK_PX;
    before.current.height = element.scrollHeight;
  }

  return (
    <div ref={scrollRef} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto px-3 pb-3" data-testid="chat-messages">
      {hasMore && (
        <div className="flex justify-center py-2">
          <Button variant="secondary" busy={loadingOlder} onClick={onLoadOlder} className="px-3 py-1 text-xs">
            {olderError ? t('messages.olderFailed') : t('messages.older')}
          </Button>
        </div>
      )}
      <div role="log" aria-label={t('messages.label')} aria-live="polite" aria-relevant="additions">
        {items.length === 0 ? (
          empty
        ) : virtual ? (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((row) => (
              <div
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
              >
                <Row item={items[row.index]!} people={people} onRetry={onRetry} words={words} />
              </div>
            ))}
          </div>
        ) : (
          items.map((item) => <Row key={item.key} item={item} people={people} onRetry={onRetry} words={words} />)
        )}
      </div>
    </div>
  );
}
