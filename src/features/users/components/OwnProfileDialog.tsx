import type { AppUser } from '../../../lib/session';
import { Dialog } from '../../../ui/Dialog';
import { OwnProfileEditor } from './OwnProfileEditor';

/**
 * Account drawer > Profile, for every signed-in person (OwnProfileEditor; mounted each time the
 * dialog opens, so the profile is read fresh). The session reads the profile again by itself: the
 * database announces the change on the person's account topic.
 */
export function OwnProfileDialog({ open, onClose, user }: { open: boolean; onClose: () => void; user: AppUser }) {
  return (
    <Dialog open={open} onClose={onClose} title="Profile" description={user.email ?? undefined} size="lg">
      <OwnProfileEditor user={user} onSaved={onClose} />
    </Dialog>
  );
}

