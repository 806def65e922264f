import { useEffect, useRef } from 'react';
import type { Translate } from '../../../lib/i18n/catalogue';
import { useAnnounce } from '../../../ui/LiveAnnouncer';
import type { BoardFilters, PendingMoves } from '../board';
import type { boardMessages } from '../messages';
import type { BoardDelivery } from '../model';
import { boardNews, newsText, seenStatuses, shownBy, type SeenStatuses } from '../news';

type BoardKey = keyof typeof boardMessages.en;

let audio: AudioContext | null = null;
/** A short two-note chime made in the browser (no sound file to fetch). Browsers mute it until the page had a click or key. */
function chime(): void {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    for (const [i, frequency] of [880, 1320].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.2, start + i * 0.15 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.15 + 0.14);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + i * 0.15);
      osc.stop(start + i * 0.15 + 0.15);
    }
  } catch {
    // No audio in this browser: the counter and the card still show the arrival.
  }
}

interface NewsInput {
  /** The working set with pending moves applied, and the same by id. */
  rows: readonly BoardDelivery[];
  byId: ReadonlyMap<string, BoardDelivery>;
  unassigned: readonly BoardDelivery[];
  moves: PendingMoves;
  /** The first read is still under way (nothing is news before it). */
  firstRead: boolean;
  /** The dispatcher's setting: a chime for a new unassigned delivery. */
  sound: boolean;
  filters: BoardFilters;
  now: Date;
  driverName: (id: string | null) => string | null;
  t: Translate<BoardKey>;
}

/**
 * What arrives on the board after its first read: a chime when a new delivery lands in the
 * unassigned queue (the dispatcher's setting; not for a move of the dispatcher's own), and what
 * changed said politely to a screen reader (a new delivery waiting, an assignment accepted; focus
 * stays put).
 */
export function useBoardNews({ rows, byId, unassigned, moves, firstRead, sound, filters, now, driverName, t }: NewsInput): void {
  const seenQueue = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (firstRead) return;
    const ids = new Set(unassigned.map((d) => d.id));
    const before = seenQueue.current;
    seenQueue.current = ids;
    if (!before || !sound) return;
    for (const id of ids) {
      if (!before.has(id) && byId.get(id)?.status === 'pending' && !moves.has(id)) {
        chime();
        return;
      }
    }
  }, [unassigned, firstRead, sound, byId, moves]);

  const announce = useAnnounce();
  const seen = useRef<SeenStatuses | null>(null);
  useEffect(() => {
    if (firstRead) return;
    const text = newsText(boardNews(seen.current, rows, shownBy(filters, now)), driverName, t);
    seen.current = seenStatuses(rows);
    if (text) announce(text);
  }, [rows, firstRead, filters, now, driverName, announce, t]);
}
