import { useId } from 'react';
import { lastPage } from '../../lib/list-state';
import { IconButton } from '../IconButton';
import { ChevronLeftIcon, ChevronRightIcon, FirstPageIcon, LastPageIcon } from '../icons';
import { useLanguage, useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';

export interface PaginationProps {
  /** Zero-based. */
  page: number;
  pageSize: number;
  total: number;
  /** The total is an estimate (a planned count): 'of about N'. */
  approximate?: boolean;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  disabled?: boolean;
}

/** 'Rows per page', 'x–y of total' and first/previous/next/last. */
export function Pagination({ page, pageSize, total, approximate = false, pageSizes, onPageChange, onPageSizeChange, disabled = false }: PaginationProps) {
  const t = useT(uiMessages);
  const language = useLanguage();
  const sizeId = useId();
  const last = lastPage(total, pageSize);
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  const atStart = disabled || page <= 0;
  const atEnd = disabled || page >= last;
  return (
    <nav aria-label={t('pagination.label')} className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 px-4 py-2 text-sm text-slate-600 dark:text-slate-300">
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId}>{t('pagination.rowsPerPage')}</label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
          className="rounded-md border border-slate-300 bg-white py-1 pr-7 pl-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <p aria-live="polite" className="tabular-nums">
        {approximate
          ? t('pagination.rangeApproximate', { from: String(from), to: String(to), total: total.toLocaleString(language === 'en' ? 'en-US' : language) })
          : t('pagination.range', { from: String(from), to: String(to), total: String(total) })}
      </p>
      <div className="flex items-center">
        <IconButton label={t('pagination.first')} className="size-9" disabled={atStart} onClick={() => onPageChange(0)}>
          <FirstPageIcon />
        </IconButton>
        <IconButton label={t('pagination.previous')} className="size-9" disabled={atStart} onClick={() => onPageChange(page - 1)}>
          <ChevronLeftIcon />
        </IconButton>
        <IconButton label={t('pagination.next')} className="size-9" disabled={atEnd} onClick={() => onPageChange(page + 1)}>
          <ChevronRightIcon />
        </IconButton>
        <IconButton label={t('pagination.last')} className="size-9" disabled={atEnd} onClick={() => onPageChange(last)}>
          <LastPageIcon />
        </IconButton>
      </div>
    </nav>
  );
}
