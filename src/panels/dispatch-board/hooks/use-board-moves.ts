import { useCallback, useRef, useState } from 'react';
import type { Solution } from '../../../lib/dispatch';
import type { Translate } from '../../../lib/i18n/catalogue';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { assignDelivery, moveAssignment, refusalText, unassignDelivery } from '../api';
import { endMove, openAssignmentOf, startMove, type PendingMoves } from '../board';
import type { CommitResult } from '../components/AutoAssignDialog';
import type { BoardAssignment, BoardDelivery, BoardDriver } from '../model';
import type { boardMessages } from '../messages';

type BoardKey = keyof typeof boardMessages.en;

export interface BoardAlert {
  id: number;
  text: string;
}

interface MovesInput {
  tenantId: string;
  deliveries: ReadonlyMap<string, BoardDelivery>;
  drivers: ReadonlyMap<string, BoardDriver>;
  assignments: ReadonlyMap<string, BoardAssignment>;
  names: ReadonlyMap<string, string>;
  /** The latest translate function: a refusal may arrive after a language switch. */
  tRef: { readonly current: Translate<BoardKey> };
  /** A driver without a default vehicle: the assign dialog asks for one. */
  askVehicle: (ids: string[], driverId: string) => void;
  /** These deliveries were sent (assigned or refused): their ticks go. */
  settled: (ids: readonly string[]) => void;
}

/**
 * Moves: each shown at once (an optimistic pending move over the live row) and sent to the database;
 * a refusal rolls it back and says why in the board's alert list (the last five).
 */
export function useBoardMoves({ tenantId, deliveries, drivers, assignments, names, tRef, askVehicle, settled }: MovesInput) {
  const [moves, setMoves] = useState<PendingMoves>(new Map());
  const [alerts, setAlerts] = useState<BoardAlert[]>([]);
  const alertId = useRef(0);
  const alert = useCallback((text: string) => setAlerts((list) => [...list.slice(-4), { id: ++alertId.current, text }]), []);
  const dismiss = useCallback((id: number) => setAlerts((list) => list.filter((x) => x.id !== id)), []);
  // The database's keyed refusals (an assignment that does not fit, a delivery no longer pending) in the page's language.
  const serverWords = useServerWords();
  const reasonOf = (error: unknown) => refusalText(error, '; ', serverWords);

  const vehicleFor = (driverId: string) => drivers.get(driverId)?.default_vehicle_id ?? null;

  const assign = async (ids: readonly string[], driverId: string, vehicleId: string | null = vehicleFor(driverId)) => {
    if (!vehicleId) {
      askVehicle([...ids], driverId);
      return;
    }
    const name = names.get(driverId) ?? tRef.current('driver.the');
    await Promise.all(
      ids.map(async (id) => {
        const row = deliveries.get(id);
        if (!row || row.driver_id === driverId) return;
        const moving = row.status !== 'pending';
        setMoves((m) => startMove(m, { deliveryId: id, driverId, status: 'assigned', baseUpdatedAt: row.updated_at }));
        try {
          if (!moving) await assignDelivery(tenantId, id, driverId, vehicleId);
          else {
            const current = openAssignmentOf(assignments.values(), id);
            if (current?.status === 'pending') await moveAssignment(tenantId, current.id, driverId, vehicleId);
            else {
              await unassignDelivery(id, `Reassigned to ${name}`);
              try {
                await assignDelivery(tenantId, id, driverId, vehicleId);
              } catch (error) {
                throw new Error(tRef.current('move.backInQueue', { reason: reasonOf(error) }), { cause: error });
              }
            }
          }
        } catch (error) {
          setMoves((m) => endMove(m, id, row.updated_at));
          alert(tRef.current('move.refused', { code: row.delivery_code, moving: moving ? 'yes' : 'no', driver: name, reason: reasonOf(error) }));
        }
      }),
    );
    settled(ids);
  };

  const unassign = async (row: BoardDelivery) => {
    const base = deliveries.get(row.id) ?? row;
    setMoves((m) => startMove(m, { deliveryId: row.id, driverId: null, status: 'pending', baseUpdatedAt: base.updated_at }));
    try {
      await unassignDelivery(row.id);
    } catch (error) {
      setMoves((m) => endMove(m, row.id, base.updated_at));
      alert(tRef.current('move.unassignRefused', { code: row.delivery_code, reason: reasonOf(error) }));
    }
  };

  /** The auto-assign plan's routes, one assignment at a time; each insert may still be refused (listed). */
  const commitPlan = async (solution: Solution): Promise<CommitResult> => {
    const result: CommitResult = { assigned: [], refused: [] };
    for (const route of solution.routes) {
      if (!route.vehicle_id) continue;
      for (const id of route.assigned_delivery_ids) {
        const row = deliveries.get(id);
        if (!row || row.status !== 'pending') {
          result.refused.push({ code: row?.delivery_code ?? id, reason: tRef.current('auto.changed') });
          continue;
        }
        setMoves((m) => startMove(m, { deliveryId: id, driverId: route.driver_id, status: 'assigned', baseUpdatedAt: row.updated_at }));
        try {
          await assignDelivery(tenantId, id, route.driver_id, route.vehicle_id);
          result.assigned.push(row.delivery_code);
        } catch (error) {
          setMoves((m) => endMove(m, id, row.updated_at));
          result.refused.push({ code: row.delivery_code, reason: reasonOf(error) });
        }
      }
    }
    return result;
  };

  return { moves, alerts, alert, dismiss, vehicleFor, assign, unassign, commitPlan };
}
