import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConnectionState } from '../../lib/realtime';
import { fetchDriverWork, followDriverWork, type DriverWork } from './api';
import { playNewAssignmentAlert } from './alert';

function startOfToday(): Date {
  const day = new Date();
  day.setHours(0, 0, 0, 0);
  return day;
}

/**
 * The driver's work, kept current by their own live topic: any change of their assignments or
 * deliveries reads it again (a few rows), and a new offer rings and vibrates the phone.
 */
export function useDriverWork(tenantId: string, driverId: string) {
  const [work, setWork] = useState<DriverWork | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [liveState, setLiveState] = useState<ConnectionState>('connecting');
  const [newOfferIds, setNewOfferIds] = useState<ReadonlySet<string>>(new Set());
  const generation = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    try {
      const next = await fetchDriverWork(driverId, startOfToday());
      if (mine !== generation.current) return;
      setWork(next);
      setError(null);
    } catch (reason) {
      if (mine !== generation.current) return;
      setError(reason instanceof Error ? reason : new Error(String(reason)));
    }
  }, [driverId]);

  const reloadSoon = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    // One assignment commit broadcasts the assignment and its delivery: read once for both.
    timer.current = setTimeout(() => {
      timer.current = null;
      void reload();
    }, 120);
  }, [reload]);

  useEffect(() => {
    const leave = followDriverWork(tenantId, driverId, {
      onChange: (change) => {
        if (change.table === 'assignments' && change.operation === 'INSERT' && change.record?.status === 'pending') {
          const deliveryId = String(change.record.delivery_id ?? '');
          setNewOfferIds((ids) => new Set(ids).add(deliveryId));
          playNewAssignmentAlert();
        }
        reloadSoon();
      },
      onJoined: () => void reload(),
      onState: setLiveState,
    });
    const online = () => void reload();
    window.addEventListener('online', online);
    return () => {
      leave();
      window.removeEventListener('online', online);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [tenantId, driverId, reload, reloadSoon]);

  const dismissNew = useCallback((deliveryId: string) => {
    setNewOfferIds((ids) => {
      const next = new Set(ids);
      next.delete(deliveryId);
      return next;
    });
  }, []);

  return { work, setWork, error, liveState, reload, newOfferIds, dismissNew };
}
