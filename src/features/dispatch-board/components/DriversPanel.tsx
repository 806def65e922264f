import { useDroppable } from '@dnd-kit/core';
import { useState } from 'react';
import { Chip } from '../../../ui/Chip';
import { DriverStatusChip } from '../../../ui/driver-status';
import type { DriverHealth } from '../board';
import type { BoardDelivery, BoardDriver } from '../model';
import { formatClock } from './format';
import { DeliveryList } from './DeliveryList';

export function HealthChip({ health }: { health: DriverHealth }) {
  if (health === 'not_responding') return <Chip tone="error">Not responding</Chip>;
  return <DriverStatusChip status={health} />;
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

/** Each on-duty driver: health, vehicle, their ordered tasks; a drop target for assigning and reassigning. */
export function DriversPanel({ entries, late, selectedId, onOpen, now }: DriversPanelProps) {
  if (entries.length === 0) return <p className="px-2 py-6 text-center text-sm text-slate-500 dark:text-slate-400">No driver is on duty.</p>;
  return (
    <ul className="space-y-2" aria-label="Drivers on duty">
      {entries.map((entry) => (
        <DriverRow key={entry.driver.id} entry={entry} late={late} selectedId={selectedId} onOpen={onOpen} now={now} />
      ))}
    </ul>
  );
}

function DriverRow({ entry, late, selectedId, onOpen, now }: { entry: DriverEntry; late: ReadonlySet<string>; selectedId: string | null; onOpen: (id: string) => void; now: Date }) {
  const { driver, name, health, vehicleName, tasks } = entry;
  const { setNodeRef, isOver } = useDroppable({ id: `driver:${driver.id}`, data: { driverId: driver.id } });
  const [open, setOpen] = useState(true);
  const seen = driver.last_position_at ? `Last position ${formatClock(driver.last_position_at, now)}` : 'No position yet';
  return (
    <li
      ref={setNodeRef}
      aria-label={`Driver ${name}`}
      data-testid="board-driver"
      data-driver-id={driver.id}
      className={`rounded-lg border p-2 transition-colors ${isOver ? 'border-brand bg-brand/5' : 'border-slate-200 dark:border-slate-700'}`}
    >
      <div className="flex items-center gap-2">
        <button type="button" className="min-w-0 flex-1 text-left" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          <span className="block truncate text-sm font-semibold">{name}</span>
          <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
            {vehicleName ?? 'No default vehicle'} · {seen}
          </span>
        </button>
        <HealthChip health={health} />
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold dark:bg-slate-800" aria-label={`${tasks.length} tasks`}>
          {tasks.length}
        </span>
      </div>
      {open && tasks.length > 0 && (
        <div className="mt-2">
          <DeliveryList
            label={`Tasks of ${name}`}
            items={tasks}
            late={late}
            selectedId={selectedId}
            onOpen={onOpen}
            draggable={(d) => d.status === 'assigned' || d.status === 'accepted'}
            fromDriverId={driver.id}
            virtual={false}
            emptyText="No tasks"
          />
        </div>
      )}
    </li>
  );
}
