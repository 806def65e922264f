import type { ReactNode } from 'react';

export interface DetailCellProps {
  /** What the row is (a name, a code). */
  main: ReactNode;
  /** The muted line under it (an email, a description); nothing when empty. */
  detail?: ReactNode;
  /** The main line in bold: the row's own name. */
  strong?: boolean;
  /** A long detail (free text) is cut to one line. */
  truncate?: boolean;
}

/** A table cell of two lines: what the row is, and a muted detail under it. */
export function DetailCell({ main, detail, strong = false, truncate = false }: DetailCellProps) {
  return (
    <span>
      <span className={strong ? 'block font-medium' : 'block'}>{main}</span>
      {detail ? <span className={`block ${truncate ? 'max-w-xs truncate ' : ''}text-xs text-slate-500 dark:text-slate-400`}>{detail}</span> : null}
    </span>
  );
}
