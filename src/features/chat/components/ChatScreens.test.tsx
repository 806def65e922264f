// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import { ToastProvider } from '../../../ui/toast';
import { ChatInboxButton } from '../ChatInboxButton';
import { DeliveryChatButton } from '../DeliveryChatButton';
import { CHAT_MESSAGES, MESSAGE_MAX_LENGTH, type ChatMessage, type ConversationDetail, type ConversationSummary } from '../schema';
import { Composer } from './Composer';
import { ConversationList } from './ConversationList';
import { ConversationView } from './ConversationView';

// Names and texts chosen to be no English word, so whatever English is left on screen is the chat's own.
const summary: ConversationSummary = {
  id: 'c1',
  type: 'driver',
  title: 'ACME-D00001',
  metadata: {},
  delivery_id: 'd1',
  is_archived: false,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  last_message_at: null,
  last_message: null,
  participants: [],
  unread_count: 3,
};

const detail: ConversationDetail = {
  id: 'c1',
  type: 'driver',
  title: 'ACME-D00001',
  metadata: {},
  delivery_id: 'd1',
  is_archived: false,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  participants: [
    { user_id: 'me', role: 'dispatcher', full_name: 'Ana Pérez', avatar_url: null },
    { user_id: 'dr1', role: 'driver', full_name: 'Luc Moreau', avatar_url: null },
    { user_id: 'x', role: 'member', full_name: null, avatar_url: null },
  ],
};

const now = Date.now();
// Yesterday noon and a moment ago but still today, whatever the time the suite runs (just after midnight, "an hour ago" is yesterday).
const startOfToday = new Date(now).setHours(0, 0, 0, 0);
const yesterdayNoonMinutesAgo = (now - (startOfToday - 12 * 60 * 60_000)) / 60_000;
const momentAgoMinutes = Math.min(1, (now - startOfToday) / 60_000);
const message = (id: string, sender: string | null, content: string, minutesAgo: number, status: ChatMessage['status'] = 'sent', error: string | null = null): ChatMessage => ({
  id,
  conversation_id: 'c1',
  sender_id: sender,
  content,
  message_type: 'text',
  client_id: status === 'sent' ? null : `web-${id}`,
  created_at: new Date(now - minutesAgo * 60_000).toISOString(),
  status,
  error,
});

const conversation = {
  status: 'ready',
  error: null,
  detail,
  thread: {
    messages: [
      message('m1', null, 'Hola', yesterdayNoonMinutesAgo),
      message('m2', 'dr1', 'Bonjour', momentAgoMinutes),
      message('m3', 'me', 'Vale', 0, 'sending'),
      message('m4', 'me', 'Merci', 0, 'failed', CHAT_MESSAGES.sendFailed),
    ],
    hasMore: true,
  },
  people: new Map([['dr1', { id: 'dr1', full_name: 'Luc Moreau', avatar_url: null }]]),
  connection: 'live',
  loadingOlder: false,
  olderError: false,
  retryLoad: vi.fn(),
  loadOlder: vi.fn(),
  send: vi.fn(),
  retrySend: vi.fn(),
  setArchived: vi.fn(),
  reloadDetail: vi.fn(),
};

vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { id: 'me', profile: { tenant_id: 't1', panel_type: 'dispatcher' } } }) }));
vi.mock('../use-conversation', () => ({ useConversation: () => conversation }));
vi.mock('../use-chat-inbox', () => ({ useChatInbox: () => ({ counts: { conversations: [summary], counted: new Set() }, status: 'ready', refresh: vi.fn() }) }));
vi.mock('../../../data/people', () => ({ staffLookup: () => ({ search: vi.fn(async () => []), resolveLabel: vi.fn(async () => null) }) }));

afterEach(async () => {
  cleanup();
  await act(() => applyLanguage('en'));
});

async function show(ui: ReactNode, ready: () => Promise<unknown>) {
  await act(async () => {
    render(
      <ToastProvider>
        <Suspense fallback={<p data-testid="suspended" />}>{ui}</Suspense>
      </ToastProvider>,
    );
  });
  // The first screen shown in a language waits for the chat's catalogue.
  await ready();
}

const shown = { timeout: 5000 };
const buttons = () => screen.findByRole('button', { name: /ACME-D00001/ }, shown);
const list = () => screen.findByRole('group', undefined, shown);

async function click(name: string) {
  const button = await screen.findByRole('button', { name }, { timeout: 5000 });
  await act(async () => {
    fireEvent.click(button);
  });
}

/** Every screen of the chat, in the page's language: the header's and a delivery's buttons, the list (empty and not), a conversation with its people and archive confirmation, a message too long. */
async function tour(words: { participants: string; archive: string }): Promise<string> {
  let text = '';
  await show(
    <>
      <ChatInboxButton />
      <DeliveryChatButton deliveryId="d1" deliveryCode="ACME-D00001" />
    </>,
    buttons,
  );
  text += pageWords();
  cleanup();
  await show(<ConversationList conversations={[]} status="ready" onRetry={vi.fn()} onOpen={vi.fn()} archived={false} onArchivedChange={vi.fn()} />, list);
  text += pageWords();
  cleanup();
  await show(<ConversationList conversations={[]} status="ready" onRetry={vi.fn()} onOpen={vi.fn()} archived onArchivedChange={vi.fn()} />, list);
  text += pageWords();
  cleanup();
  await show(<ConversationList conversations={[summary]} status="error" onRetry={vi.fn()} onOpen={vi.fn()} archived={false} onArchivedChange={vi.fn()} />, list);
  text += pageWords();
  cleanup();
  await show(<ConversationView tenantId="t1" userId="me" panel="dispatcher" conversationId="c1" onBack={vi.fn()} />, () => screen.findByTestId('chat-title', undefined, shown));
  await click(words.participants);
  await click(words.archive);
  text += pageWords();
  cleanup();
  await show(<Composer onSend={vi.fn()} />, () => screen.findByRole('textbox', undefined, shown));
  const box = screen.getByRole('textbox');
  await act(async () => {
    fireEvent.change(box, { target: { value: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) } });
  });
  text += pageWords();
  return text;
}

/** English words of the chat that must not survive a translation (Messages, Conversations, Participants, Message and Chat are French or Spanish too). */
const ENGLISH = [
  'unread',
  'about',
  'Active',
  'Archived',
  'No conversations',
  'Open a delivery',
  'appear here',
  'Failed',
  'Retry',
  'Back',
  'With',
  'Unknown person',
  'dispatch',
  'Archive',
  'Unarchive',
  'Nobody can write',
  'Cancel',
  'Remove',
  'Add people',
  'Search staff',
  'As',
  'Add',
  'Dispatcher',
  'Driver',
  'Member',
  'you',
  'You',
  'Former member',
  'Sending',
  'Load earlier',
  'Yesterday',
  'Today',
  'Write a message',
  'Send',
  'Enter to send',
  'at most',
  'characters',
];

describe('the chat', () => {
  it('keeps its English', async () => {
    const text = await tour({ participants: 'Participants (3)', archive: 'Archive' });
    for (const words of ['Messages, 3 unread', 'Chat about ACME-D00001, 3 unread', 'No conversations yet', 'ACME-D00001, 3 unread', 'With Luc Moreau, Unknown person', 'Archive this conversation?', 'Ana Pérez (you)', 'Former member', 'Yesterday', 'Today', 'Failed to send', 'Load earlier messages', `A message can be at most ${MESSAGE_MAX_LENGTH} characters`]) {
      expect(text).toContain(words);
    }
  });

  it.each([
    ['es', { participants: 'Participantes (3)', archive: 'Archivar' }, ['Mensajes, 3 sin leer', 'Chat sobre ACME-D00001, 3 sin leer', 'Aún no hay conversaciones', 'Con Luc Moreau, Persona desconocida', '¿Archivar esta conversación?', 'Ana Pérez (usted)', 'Antiguo miembro', 'Ayer', 'Hoy', 'No se pudo enviar', 'Despachador']],
    ['fr', { participants: 'Participants (3)', archive: 'Archiver' }, ['Messages, 3 non lus', 'Discussion au sujet de ACME-D00001, 3 non lus', 'Aucune conversation pour l’instant', 'Avec Luc Moreau, Personne inconnue', 'Archiver cette conversation ?', 'Ana Pérez (vous)', 'Ancien membre', 'Hier', 'Aujourd’hui', 'Échec de l’envoi', 'Répartiteur']],
  ] as const)('speaks %s with no English left', async (language, words, expected) => {
    await act(() => applyLanguage(language));
    const text = await tour(words);
    for (const word of expected) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });

  it.each([
    ['es', 'No se pudo enviar: Un mensaje puede tener como máximo 4000 caracteres'],
    ['fr', 'Échec de l’envoi : Un message peut comporter au plus 4000 caractères'],
    ['en', 'Failed to send: A message can be at most 4000 characters'],
  ] as const)('words a send the database refused by its key in %s', async (language, words) => {
    const english = 'A message can be at most 4000 characters';
    const refused: ChatMessage = { ...message('m5', 'me', 'Largo', 0, 'failed', english), errorKey: 'chat.message_too_long', errorParams: { max: 4000 } };
    const unknown: ChatMessage = { ...message('m6', 'me', 'Otro', 0, 'failed', 'A newer rule'), errorKey: 'chat.some_newer_rule' };
    const before = conversation.thread.messages;
    conversation.thread.messages = [...before, refused, unknown];
    try {
      await act(() => applyLanguage(language));
      await show(<ConversationView tenantId="t1" userId="me" panel="dispatcher" conversationId="c1" onBack={vi.fn()} />, () => screen.findByTestId('chat-title', undefined, shown));
      expect(await screen.findByText(words, undefined, shown)).toBeInTheDocument();
      if (language !== 'en') expect(screen.queryByText(new RegExp(english))).toBeNull();
      // A key this build does not know: the server's English stands.
      expect(screen.getByText(/A newer rule/)).toBeInTheDocument();
    } finally {
      conversation.thread.messages = before;
    }
  });
});
