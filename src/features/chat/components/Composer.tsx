import { useId, useState, type KeyboardEvent } from 'react';
import { SendIcon } from '../../../ui/icons';
import { useT } from '../../../lib/i18n/catalogue';
import { chatMessages } from '../messages';
import { MESSAGE_MAX_LENGTH } from '../schema';

/** The counter shows from this share of the limit on. */
const COUNTER_FROM = 0.8;

/** What a composer's text sends: trimmed; null when there is nothing to send or it is too long. */
export function sendableText(text: string): string | null {
  const body = text.trim();
  if (!body || body.length > MESSAGE_MAX_LENGTH) return null;
  return body;
}

/** Writes a message: Enter sends, Shift+Enter starts a new line; the length counts down near the limit. */
export function Composer({ onSend, disabled = false }: { onSend: (text: string) => void; disabled?: boolean }) {
  const t = useT(chatMessages);
  const [text, setText] = useState('');
  const id = useId();
  const length = text.trim().length;
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const body = sendableText(text);

  function submit() {
    if (!body || disabled) return;
    onSend(body);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter while an input method composes a word picks the word, not sends.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form
      className="border-t border-slate-200 px-3 pt-2 pb-3 dark:border-slate-800"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t('composer.label')}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          disabled={disabled}
          placeholder={t('composer.placeholder')}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-hint`}
          className="max-h-40 min-h-11 flex-1 resize-y rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand aria-invalid:border-red-600 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        />
        <button
          type="submit"
          aria-label={t('composer.send')}
          title={t('composer.send')}
          disabled={!body || disabled}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand text-brand-contrast hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50"
        >
          <SendIcon />
        </button>
      </div>
      <div id={`${id}-hint`} className="mt-1 flex justify-between gap-2 text-xs text-slate-500 dark:text-slate-400">
        <span className={tooLong ? 'font-medium text-red-700 dark:text-red-300' : ''}>{tooLong ? t('error.tooLong', { max: MESSAGE_MAX_LENGTH }) : t('composer.hint')}</span>
        {length >= MESSAGE_MAX_LENGTH * COUNTER_FROM && (
          <span data-testid="chat-counter" className={tooLong ? 'font-medium text-red-700 dark:text-red-300' : ''}>
            {length}/{MESSAGE_MAX_LENGTH}
          </span>
        )}
      </div>
    </form>
  );
}
