import { Suspense } from 'react';
import { useT } from '../../../lib/i18n/catalogue';
import type { AppUser } from '../../../lib/session';
import { Dialog } from '../../../ui/Dialog';
import { userMessages } from '../messages';
import { OwnProfileEditor } from './OwnProfileEditor';

interface OwnProfileDialogProps {
  open: boolean;
  onClose: () => void;
  user: AppUser;
}

/**
 * Account drawer > Profile, for every signed-in person (OwnProfileEditor; mounted each time the
 * dialog opens, so the profile is read fresh). The session reads the profile again by itself: the
 * database announces the change on the person's account topic. The users' words load within it, so
 * the drawer around it never waits for them.
 */
export function OwnProfileDialog(props: OwnProfileDialogProps) {
  return (
    <Suspense fallback={null}>
      <ProfileDialog {...props} />
    </Suspense>
  );
}

function ProfileDialog({ open, onClose, user }: OwnProfileDialogProps) {
  const t = useT(userMessages);
  return (
    <Dialog open={open} onClose={onClose} title={t('profile.title')} description={user.email ?? undefined} size="lg">
      <OwnProfileEditor user={user} onSaved={onClose} />
    </Dialog>
  );
}
