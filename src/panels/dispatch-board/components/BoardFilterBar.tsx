import { useState, type RefObject } from 'react';
import { useT } from '../../../lib/i18n/catalogue';
import { Button } from '../../../ui/Button';
import { FilterSelect } from '../../../ui/data-table';
import { LookupFilter } from '../../../ui/data-table/LookupFilter';
import type { LookupSearch } from '../../../ui/form/ComboboxField';
import { WINDOW_FILTERS, type BoardFilters } from '../board';
import { boardMessages } from '../messages';
import type { BoardReference } from '../model';

type BoardKey = keyof typeof boardMessages.en;

const KIND_OPTIONS: { value: string; label: BoardKey }[] = [
  { value: 'on_demand', label: 'kind.on_demand' },
  { value: 'pickup', label: 'kind.pickup' },
  { value: 'delivery', label: 'kind.delivery' },
  { value: 'pickup_delivery', label: 'kind.pickup_delivery' },
];

const WINDOW_LABELS: Record<(typeof WINDOW_FILTERS)[number], BoardKey> = {
  overdue: 'window.overdue',
  next_hour: 'window.next_hour',
  today: 'window.today',
};

const NO_FILTERS: BoardFilters = { kind: '', service: '', zone: '', window: '', q: '' };

/** The board's lookups search what it already read (services, zones), so typing asks no server. */
function lookupIn(items: readonly { id: string; name: string }[]): LookupSearch {
  return (term, _signal, limit) => {
    const t = term.trim().toLowerCase();
    return Promise.resolve(
      items
        .filter((item) => item.name.toLowerCase().includes(t))
        .slice(0, limit)
        .map((item) => ({ value: item.id, label: item.name })),
    );
  };
}

interface BoardFilterBarProps {
  filters: BoardFilters;
  /** `replace`: the URL entry is replaced (each typed letter of the search), not pushed. */
  onChange: (next: BoardFilters, replace?: boolean) => void;
  reference: BoardReference | null;
  /** The search box, which the page's `/` key focuses. */
  searchInput: RefObject<HTMLInputElement | null>;
}

/** The board's filters (kind, service, zone, time window, search), kept in the URL by the page. */
export function BoardFilterBar({ filters, onChange, reference, searchInput }: BoardFilterBarProps) {
  const t = useT(boardMessages);
  // The search box keeps what is typed (spaces included); Back or Clear filters change the URL and so the box.
  const [searchText, setSearchText] = useState(filters.q);
  const [urlQ, setUrlQ] = useState(filters.q);
  if (filters.q !== urlQ) {
    setUrlQ(filters.q);
    setSearchText(filters.q);
  }
  return (
    <form role="search" aria-label={t('filters.label')} className="flex flex-wrap items-end gap-2 text-sm" onSubmit={(e) => e.preventDefault()}>
      <label className="flex flex-col">
        <span className="text-xs font-medium text-slate-600 dark:text-slate-400">{t('filters.search')}</span>
        <input
          ref={searchInput}
          type="search"
          aria-keyshortcuts="/"
          placeholder={t('filters.searchPlaceholder')}
          className="w-64 rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            onChange({ ...filters, q: e.target.value }, true);
          }}
        />
      </label>
      <div className="w-40">
        <FilterSelect
          label={t('filters.kind')}
          anyLabel={t('filters.all')}
          value={filters.kind || undefined}
          options={KIND_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
          onChange={(kind) => onChange({ ...filters, kind: kind ?? '' })}
        />
      </div>
      <div className="w-52">
        <LookupFilter
          label={t('filters.service')}
          value={filters.service || undefined}
          search={lookupIn(reference ? [...reference.services.values()] : [])}
          resolveLabel={(id) => Promise.resolve(reference?.services.get(id)?.name ?? null)}
          onChange={(service) => onChange({ ...filters, service: service ?? '' })}
        />
      </div>
      <div className="w-52">
        <LookupFilter
          label={t('filters.zone')}
          value={filters.zone || undefined}
          search={lookupIn(reference ? [...reference.zones.values()] : [])}
          resolveLabel={(id) => Promise.resolve(reference?.zones.get(id)?.name ?? null)}
          onChange={(zone) => onChange({ ...filters, zone: zone ?? '' })}
        />
      </div>
      <div className="w-48">
        <FilterSelect
          label={t('filters.window')}
          anyLabel={t('filters.all')}
          value={filters.window || undefined}
          options={WINDOW_FILTERS.map((w) => ({ value: w, label: t(WINDOW_LABELS[w]) }))}
          onChange={(window) => onChange({ ...filters, window: (window ?? '') as BoardFilters['window'] })}
        />
      </div>
      {(filters.kind || filters.service || filters.zone || filters.window || filters.q) && (
        <Button variant="secondary" onClick={() => onChange(NO_FILTERS)}>
          {t('filters.clear')}
        </Button>
      )}
    </form>
  );
}
