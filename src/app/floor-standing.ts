import { listOwnStaffRows } from '../data/warehouse-staff';
import { useSession } from '../lib/session';
import { useRecordLoad } from '../lib/use-record-load';
import type { FloorStanding } from './guards';

// One read per person and page load: the nav and the route guard both ask.
const standings = new Map<string, Promise<FloorStanding>>();
const settled = new Map<string, FloorStanding>();

function standingOf(userId: string): Promise<FloorStanding> {
  let pending = standings.get(userId);
  if (!pending) {
    pending = listOwnStaffRows(userId)
      .then((rows) => ({
        staff: rows.some((row) => row.active),
        liaison: rows.some((row) => row.active && row.role === 'dispatcher_liaison'),
      }))
      // Unreadable rows give no section and no liaison: the database decides the rest.
      .catch(() => ({ staff: false, liaison: false }))
      .then((standing) => {
        settled.set(userId, standing);
        return standing;
      });
    standings.set(userId, pending);
  }
  return pending;
}

/**
 * The signed-in dispatcher-panel person's warehouse standing (guards.ts: FloorStanding), null while
 * it loads. Other panels never read it.
 */
export function useFloorStanding(): FloorStanding | null {
  const { user } = useSession();
  const userId = user?.profile?.panel_type === 'dispatcher' ? user.id : null;
  // Keyed by the person: a standing read for someone who has since signed out is dropped.
  const { state } = useRecordLoad<FloorStanding>(userId, () => (userId === null ? Promise.resolve(null) : standingOf(userId)), { loadingOnNewKey: true });
  if (!userId) return null;
  return settled.get(userId) ?? (state.status === 'ready' ? state.record : null);
}
