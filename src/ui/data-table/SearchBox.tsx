import { useEffect, useId, useRef, useState } from 'react';
import { SearchInput } from '../SearchInput';
import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';

/** Searches wait 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

export interface SearchBoxProps {
  /** The committed search (from the URL). */
  value: string;
  /** Called once typing pauses, or at once on Enter. */
  onSearch: (q: string) => void;
  label?: string;
  placeholder?: string;
  debounceMs?: number;
}

export function SearchBox({ value, onSearch, label: labelGiven, placeholder: placeholderGiven, debounceMs = SEARCH_DEBOUNCE_MS }: SearchBoxProps) {
  const t = useT(uiMessages);
  const label = labelGiven ?? t('search.label');
  const placeholder = placeholderGiven ?? t('search.placeholder');
  const id = useId();
  const [draft, setDraft] = useState(value);
  // Back/forward or 'Clear filters' changes the committed value: show it instead of the draft.
  const [committed, setCommitted] = useState(value);
  if (committed !== value) {
    setCommitted(value);
    setDraft(value);
  }

  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  useEffect(() => {
    if (draft.trim() === value.trim()) return;
    const timer = setTimeout(() => onSearchRef.current(draft), debounceMs);
    return () => clearTimeout(timer);
  }, [draft, value, debounceMs]);

  return (
    <div className="relative w-full sm:w-72">
      <SearchInput
        id={id}
        label={label}
        value={draft}
        placeholder={placeholder}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && draft.trim() !== value.trim()) onSearch(draft);
        }}
        className={
          'block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 ' +
          'focus:outline-2 focus:outline-offset-0 focus:outline-brand dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100'
        }
      />
    </div>
  );
}
