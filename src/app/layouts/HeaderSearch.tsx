import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { SearchInput } from '../../ui/SearchInput';
import type { NavItem } from './nav';
import { useT } from '../../lib/i18n/catalogue';
import { appMessages } from '../messages';

/**
 * The header search: finds a page of the panel by name (the panel's only searchable content for
 * now) and goes there on Enter.
 */
export function HeaderSearch({ items }: { items: NavItem[] }) {
  const t = useT(appMessages);
  const id = useId();
  const [query, setQuery] = useState('');
  const [, navigate] = useLocation();
  const term = query.trim().toLowerCase();
  const matches = term ? items.filter((item) => item.label.toLowerCase().includes(term)) : [];

  function submit(event: FormEvent) {
    event.preventDefault();
    const first = matches[0];
    if (!first) return;
    setQuery('');
    navigate(`~${first.href}`);
  }

  return (
    <form role="search" onSubmit={submit} className="relative w-full max-w-xs">
      <SearchInput
        id={id}
        label={t('search.label')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('search.placeholder')}
        aria-describedby={`${id}-result`}
        className="w-full rounded-full border border-slate-200 bg-slate-50 py-2 pr-3 pl-9 text-sm placeholder:text-slate-400 focus:border-brand focus:outline-2 focus:outline-brand dark:border-slate-700 dark:bg-slate-800"
      />
      <span id={`${id}-result`} role="status" className="sr-only">
        {term ? (matches[0] ? t('search.pressEnter', { page: matches[0].label }) : t('search.noMatch')) : ''}
      </span>
    </form>
  );
}
