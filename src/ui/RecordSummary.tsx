import type { ReactNode } from 'react';
import { Link } from 'wouter';

const COLUMNS = { 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-4' } as const;

/** A record page's summary above its form or details: a bordered grid of `SummaryItem`s, one column on a phone. */
export function RecordSummary({ columns = 3, children }: { columns?: keyof typeof COLUMNS; children: ReactNode }) {
  return <dl className={`grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 p-4 text-sm ${COLUMNS[columns]} dark:border-slate-700`}>{children}</dl>;
}

export interface SummaryItemProps {
  term: ReactNode;
  /** A second, smaller line under the value (who did it, a date); nothing when empty. */
  note?: ReactNode;
  /** Two columns wide from the small breakpoint (a long address). */
  wide?: boolean;
  /** The value's own layout, e.g. a chip beside a word. */
  inline?: boolean;
  children: ReactNode;
}

/** One term of a `RecordSummary` and its value. */
export function SummaryItem({ term, note, wide = false, inline = false, children }: SummaryItemProps) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className={inline ? 'mt-1 flex items-center gap-2' : 'mt-1'}>
        {children}
        {note ? <span className="block text-xs text-slate-500 dark:text-slate-400">{note}</span> : null}
      </dd>
    </div>
  );
}

/** A summary value that opens another record (a delivery's code). */
export function SummaryLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="font-medium text-brand underline-offset-2 hover:underline">
      {children}
    </Link>
  );
}
