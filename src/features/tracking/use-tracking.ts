import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConnectionState } from '../../lib/realtime';
import { watchTracking } from '../../lib/tracking-live';
import { parseTrackingUpdate, trackDelivery, TrackingLookupError } from './api';
import type { Tracking } from './schema';

export type TrackingState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; tracking: Tracking; receivedAt: number }
  | { status: 'not-found' }
  | { status: 'rate-limited' }
  | { status: 'failed' };

export interface TrackedDelivery {
  state: TrackingState;
  live: ConnectionState;
  retry: () => void;
}

/**
 * The delivery of a tracking token, kept current: one lookup, then the `tracking:<token>` topic
 * replaces it on every change. Each time the topic is joined (first, and after the phone's
 * connection came back) it is read again, quietly: broadcast has no replay, and the page keeps
 * what it shows if that read fails.
 */
export function useTrackedDelivery(token: string | null): TrackedDelivery {
  const [state, setState] = useState<TrackingState>(token ? { status: 'loading' } : { status: 'idle' });
  const [live, setLive] = useState<ConnectionState>('offline');
  const [attempt, setAttempt] = useState(0);
  const [shownToken, setShownToken] = useState(token);
  const ready = state.status === 'ready';
  const generation = useRef(0);

  // A new token (or Retry) starts over from loading, in the render that sees it.
  const key = `${token ?? ''}#${attempt}`;
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setShownToken(token);
    setState(token ? { status: 'loading' } : { status: 'idle' });
  }

  const lookup = useCallback((value: string, quiet: boolean) => {
    const mine = ++generation.current;
    trackDelivery(value).then(
      (tracking) => {
        if (mine === generation.current) setState({ status: 'ready', tracking, receivedAt: Date.now() });
      },
      (error: unknown) => {
        if (mine !== generation.current || quiet) return;
        const reason = error instanceof TrackingLookupError ? error.reason : 'failed';
        setState({ status: reason });
      },
    );
  }, []);

  useEffect(() => {
    if (!token) return;
    lookup(token, false);
    return () => {
      generation.current += 1;
    };
  }, [token, attempt, lookup]);

  // Live once the delivery is known: a token that matches nothing has no topic worth joining.
  useEffect(() => {
    if (!token || !ready || shownToken !== token) return;
    const stop = watchTracking(token, {
      onUpdate: (payload) => {
        const tracking = parseTrackingUpdate(payload);
        if (!tracking) return;
        generation.current += 1;
        setState({ status: 'ready', tracking, receivedAt: Date.now() });
      },
      onState: (next) => {
        setLive(next);
        if (next === 'live') lookup(token, true);
      },
    });
    return () => {
      stop();
      setLive('offline');
    };
  }, [token, ready, shownToken, lookup]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, live, retry };
}
