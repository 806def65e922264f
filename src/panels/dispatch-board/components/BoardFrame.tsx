import { useDroppable } from '@dnd-kit/core';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/catalogue';
import { boardMessages } from '../messages';

type BoardKey = keyof typeof boardMessages.en;

/** A lane of the board: a titled box with its count; `droppableId` makes it a drop target (the queue). */
export function Lane({ title, count, droppableId, children }: { title: string; count: number; droppableId?: string; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: droppableId ?? `lane:${title}`, disabled: !droppableId });
  return (
    <section
      ref={setNodeRef}
      aria-label={title}
      className={`min-w-0 rounded-xl border bg-slate-50/60 p-3 dark:bg-slate-900/40 ${isOver ? 'border-brand' : 'border-slate-200 dark:border-slate-800'}`}
    >
      <h2 className="mb-2 flex items-center justify-between text-sm font-semibold">
        {title}
        <span className="rounded-full bg-white px-2 py-0.5 text-xs shadow-sm dark:bg-slate-800">{count}</span>
      </h2>
      {children}
    </section>
  );
}

/** The map as a drop target: a card dropped on it goes to the driver whose dot is under the pointer. */
export function MapDrop({ children }: { children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: 'map' });
  return (
    <div ref={setNodeRef} className={`h-[36rem] min-w-0 rounded-lg ${isOver ? 'ring-2 ring-brand' : ''}`}>
      {children}
    </div>
  );
}

/** One of the header's counters (a term and its value in the counters' list). */
export function Counter({ label, value, tone, testId }: { label: string; value: number; tone?: 'error'; testId: string }) {
  return (
    <div className={`flex items-center gap-1 rounded-full px-2.5 py-1 ${tone === 'error' ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200' : 'bg-slate-100 dark:bg-slate-800'}`}>
      <dt>{label}</dt>
      <dd className="font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The keys, and what they do, as catalogue keys. */
const SHORTCUTS: [BoardKey, BoardKey][] = [
  ['keys.searchKeys', 'keys.search'],
  ['keys.moveKeys', 'keys.move'],
  ['keys.laneKeys', 'keys.lane'],
  ['keys.openKeys', 'keys.open'],
  ['keys.tickKeys', 'keys.tick'],
  ['keys.assignKeys', 'keys.assign'],
  ['keys.closeKeys', 'keys.close'],
  ['keys.dragKeys', 'keys.drag'],
];

/** The board's keyboard help, under it. */
export function KeyboardHelp() {
  const t = useT(boardMessages);
  return (
    <section aria-labelledby="board-keys" className="rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800">
      <h2 id="board-keys" className="mb-2 font-semibold">
        {t('keys.title')}
      </h2>
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys} className="flex gap-2">
            <dt className="min-w-40 font-mono text-xs text-slate-600 dark:text-slate-400">{t(keys)}</dt>
            <dd>{t(what)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
