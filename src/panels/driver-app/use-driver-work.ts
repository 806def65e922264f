import { startOfDay } from 'date-fns';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ConnectionState } from '../../lib/realtime';
import { fetchDriverWork, followDriverWork, type DriverWork } from './api';
import { playNewAssignmentAlert } from './alert';
import { idbWorkSnapshot } from './device-store';
import { isUnreachable, workFromSnapshot } from './work-snapshot';

/** How long the first read waits for the live topic to join before it goes ahead without it. */
const FIRST_READ_GRACE_MS = 1_500;
/** While reads get no answer, the next one waits this long (the browser's 'online' event is not to be relied on). */
const UNREACHABLE_RETRY_MS = [2_000, 5_000, 10_000, 15_000];

/**
 * The driver's work, kept current by their own live topic: any change of their assignments or
 * deliveries reads it again (a few rows), and a new offer rings and vibrates the phone. Each read is
 * kept on the phone; when a read gets no answer (offline) and nothing was read yet, the kept one is
 * shown, marked with its time (`offlineAsOf`), until a read succeeds.
 */
export function useDriverWork(tenantId: string, driverId: string) {
  const [work, setWork] = useState<DriverWork | null>(null);
  const [error, setError] = useState<Error | null>(null);
  // When the shown work was read from the server (ms), and whether the last read got no answer.
  const [readAt, setReadAt] = useState<number | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const snapshot = useMemo(() => idbWorkSnapshot(driverId), [driverId]);
  const [liveState, setLiveState] = useState<ConnectionState>('connecting');
  const [newOfferIds, setNewOfferIds] = useState<ReadonlySet<string>>(new Set());
  const generation = useRef(0);
  // Which read the shown work came from: actions applied after that read started are still overlaid.
  const [readGeneration, setReadGeneration] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const unreachableReads = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    try {
      const next = await fetchDriverWork(driverId, startOfDay(new Date()));
      if (mine !== generation.current) return;
      const at = Date.now();
      setWork(next);
      setReadGeneration(mine);
      setReadAt(at);
      setUnreachable(false);
      setError(null);
      unreachableReads.current = 0;
      void snapshot.save(next, at);
    } catch (reason) {
      if (mine !== generation.current) return;
      const offline = isUnreachable(reason);
      if (offline) {
        // Work already on screen stays (it is at least as fresh as the kept one); otherwise the kept one.
        const kept = await snapshot.load();
        if (mine !== generation.current) return;
        if (kept) {
          setWork((current) => current ?? workFromSnapshot(kept, startOfDay(new Date())));
          setReadAt((current) => current ?? kept.savedAt);
        }
      }
      setUnreachable(offline);
      setError(reason instanceof Error ? reason : new Error(String(reason)));
      if (offline) unreachableReads.current += 1;
    }
  }, [driverId, snapshot]);

  // While reads get no answer, read again now and then: the browser's 'online' event does not always come.
  useEffect(() => {
    if (!unreachable) return;
    const delay = UNREACHABLE_RETRY_MS[Math.min(unreachableReads.current - 1, UNREACHABLE_RETRY_MS.length - 1)];
    const retry = setTimeout(() => void reload(), delay);
    return () => clearTimeout(retry);
  }, [unreachable, error, reload]);

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
    // The work is read once the live topic has joined; offline it never joins, so the read (which then
    // falls back to the kept work) starts at once, and after a grace period when the topic is slow.
    const unjoined = setTimeout(() => {
      if (generation.current === 0) void reload();
    }, navigator.onLine ? FIRST_READ_GRACE_MS : 0);
    return () => {
      leave();
      clearTimeout(unjoined);
      window.removeEventListener('online', online);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [tenantId, driverId, reload, reloadSoon]);

  /** The latest read started so far: an action the server applies now is in every later read. */
  const latestGeneration = useCallback(() => generation.current, []);

  const dismissNew = useCallback((deliveryId: string) => {
    setNewOfferIds((ids) => {
      const next = new Set(ids);
      next.delete(deliveryId);
      return next;
    });
  }, []);

  /** Set while the work shown is what the phone kept: the time it was read from the server. */
  const offlineAsOf = unreachable && work ? readAt : null;
  return { work, setWork, error, unreachable, offlineAsOf, liveState, reload, readGeneration, latestGeneration, newOfferIds, dismissNew };
}
