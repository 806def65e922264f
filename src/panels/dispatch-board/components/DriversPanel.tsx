import { useDroppable } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useRef, useState } from 'react';
import { Chip, StatusChip } from '../../../ui/Chip';
import { driverStatus } from '../../../data/statuses';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/catalogue';
import { boardMessages } from '../messages';
import type { DriverHealth } from '../board';
import type { BoardDelivery, BoardDriver } from '../model';
import { DeliveryList } from './DeliveryList';

export function HealthChip({ health }: { health: DriverHealth }) {
  const t = useT(boardMessages);
  if (health === 'not_responding') return <Chip tone="error">{t('count.notResponding')}</Chip>;
  return <StatusChip vocabulary={driverStatus} status={health} />;
}

export interface DriverEntry {
  driver: BoardDriver;
  name: string;
  health: DriverHealth;
  vehicleName: string | null;
  tasks: BoardDelivery[];
}

interface DriversPanelProps {
  entries: readonly DriverEntry[];
  late: ReadonlySet<string>;
  selectedId: string | null;
  onOpen: (id: string) => void;
  now: Date;
}

/** A driver's row without tasks; each task card adds its height. */
const ROW_BASE = 64;
const TASK_HEIGHT = 76;

/**
 * Each on-duty driver: health, vehicle, their ordered tasks; a drop target for assigning and reassigning.
 * Virtualized (rows of their own heights, measured): hundreds of drivers with thousands of tasks
 * render only what the panel's scroll shows. A row is re-rendered only when what it shows changed.
 */
export function DriversPanel({ entries, late, selectedId, onOpen, now }: DriversPanelProps) {
  const t = useT(boardMessages);
  const scrollRef = useRef<HTMLDivElement>(null);
  // Collapsed drivers, kept here: a row scrolled out of view and back keeps how it was left.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (id: string) =>
      setCollapsed((c) => {
        const next = new Set(c);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => ROW_BASE + (collapsed.has(entries[i]!.driver.id) ? 0 : entries[i]!.tasks.length * TASK_HEIGHT),
    getItemKey: (i) => entries[i]!.driver.id,
    overscan: 6,
  });
  if (entries.length === 0) return <p className="px-2 py-6 text-center text-sm text-slate-500 dark:text-slate-400">{t('drivers.none')}</p>;
  return (
    <div ref={scrollRef} className="max-h-[33rem] overflow-y-auto pr-1">
      <ul aria-label={t('count.drivers')} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const entry = entries[row.index]!;
          return (
            <DriverRow
              key={row.key}
              index={row.index}
              top={row.start}
              measure={virtualizer.measureElement}
              entry={entry}
              late={late}
              selectedId={selectedId}
              onOpen={onOpen}
              now={now}
              open={!collapsed.has(entry.driver.id)}
              onToggle={toggle}
            />
          );
        })}
      </ul>
    </div>
  );
}

interface DriverRowProps {
  index: number;
  top: number;
  measure: (element: Element | null) => void;
  entry: DriverEntry;
  late: ReadonlySet<string>;
  selectedId: string | null;
  onOpen: (id: string) => void;
  now: Date;
  open: boolean;
  onToggle: (id: string) => void;
}

/** Whether a row shows the same: the board recomputes every entry on each change, but most drivers' rows stay as they were. */
function sameRow(a: DriverRowProps, b: DriverRowProps): boolean {
  if (a.index !== b.index || a.top !== b.top || a.measure !== b.measure || a.onOpen !== b.onOpen || a.open !== b.open || a.onToggle !== b.onToggle || a.now !== b.now) return false;
  const x = a.entry;
  const y = b.entry;
  if (x.driver !== y.driver || x.name !== y.name || x.health !== y.health || x.vehicleName !== y.vehicleName || x.tasks.length !== y.tasks.length) return false;
  for (let i = 0; i < x.tasks.length; i += 1) {
    const t = x.tasks[i]!;
    if (t !== y.tasks[i] || a.late.has(t.id) !== b.late.has(t.id) || (a.selectedId === t.id) !== (b.selectedId === t.id)) return false;
  }
  return true;
}

const DriverRow = memo(function DriverRow({ index, top, measure, entry, late, selectedId, onOpen, now, open, onToggle }: DriverRowProps) {
  const { driver, name, health, vehicleName, tasks } = entry;
  const { setNodeRef, isOver } = useDroppable({ id: `driver:${driver.id}`, data: { driverId: driver.id } });
  const t = useT(boardMessages);
  const format = useFormat();
  // How long ago, in the page's language ('5 minutes ago', 'hace 5 minutos'): what tells a dispatcher a driver went quiet.
  const seen = driver.last_position_at ? t('drivers.lastPosition', { when: format.relative(driver.last_position_at, now) }) : t('drivers.noPosition');
  const ref = useCallback(
    (element: HTMLLIElement | null) => {
      setNodeRef(element);
      measure(element);
    },
    [setNodeRef, measure],
  );
  return (
    <li
      ref={ref}
      data-index={index}
      aria-label={t('drivers.row', { name })}
      data-testid="board-driver"
      data-driver-id={driver.id}
      className="absolute inset-x-0 pb-2"
      // Placed with `top`, not a transform: dnd-kit measures drop targets without their transforms.
      style={{ top }}
    >
      <div className={`rounded-lg border p-2 transition-colors ${isOver ? 'border-brand bg-brand/5' : 'border-slate-200 dark:border-slate-700'}`}>
        <div className="flex items-center gap-2">
          <button type="button" className="min-w-0 flex-1 rounded text-left focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand" aria-expanded={open} onClick={() => onToggle(driver.id)}>
            <span className="block truncate text-sm font-semibold">{name}</span>
            <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
              {vehicleName ?? t('drivers.noVehicle')} · {seen}
            </span>
          </button>
          <HealthChip health={health} />
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold dark:bg-slate-800" aria-label={t('drivers.tasks', { count: tasks.length })}>
            {tasks.length}
          </span>
        </div>
        {open && tasks.length > 0 && (
          <div className="mt-2">
            <DeliveryList
              label={t('drivers.tasksOf', { name })}
              items={tasks}
              late={late}
              selectedId={selectedId}
              onOpen={onOpen}
              draggable={(d) => d.status === 'assigned' || d.status === 'accepted'}
              fromDriverId={driver.id}
              virtual={false}
              emptyText={t('drivers.noTasks')}
            />
          </div>
        )}
      </div>
    </li>
  );
}, sameRow);
