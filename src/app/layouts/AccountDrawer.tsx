import { useState } from 'react';
import { OwnProfileDialog } from '../../features/users/components/OwnProfileDialog';
import { useSession } from '../../lib/session';
import { supabase } from '../../lib/supabase';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Drawer } from '../../ui/Drawer';
import { LogoutIcon } from '../../ui/icons';
import { iconButtonClassName } from '../../ui/IconButton';
import { useT } from '../../lib/i18n/catalogue';
import { appMessages } from '../messages';
import { LanguageRadios } from './LanguagePopover';


/** Ends the session on this device only; the user's other devices stay signed in. */
async function signOutHere(): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope: 'local' });
  if (error) throw error;
}

/** The account button and drawer: who is signed in, in which tenant and role, and the ways out. */
/** `languageChoice`: the drawer offers the language (the admin's and dispatcher's headers have no language menu). */
export function AccountDrawer({ languageChoice = false }: { languageChoice?: boolean }) {
  const { user, signOut } = useSession();
  const t = useT(appMessages);
  const [open, setOpen] = useState(false);
  const [editingProfile, setEditingProfile] = useState(false);
  const [busy, setBusy] = useState<'here' | 'everywhere' | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;

  const name = user.profile?.full_name ?? user.email ?? t('account.unnamed');
  const panel = user.profile?.panel_type;
  const extraRoles = (user.profile?.roles ?? []).filter((role) => role !== panel);

  async function leave(scope: 'here' | 'everywhere') {
    setError(null);
    setBusy(scope);
    try {
      // The session ends and the route guards take the visitor to the start page.
      await (scope === 'here' ? signOutHere() : signOut());
    } catch {
      setError(t('account.signOutFailed'));
      setBusy(null);
    }
  }

  return (
    <>
      <button type="button" aria-label={t('account.title')} aria-haspopup="dialog" aria-expanded={open} title={name} onClick={() => setOpen(true)} className={iconButtonClassName}>
        <Avatar name={name} src={user.profile?.avatar_url} size="sm" />
      </button>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('account.title')}>
        <div className="flex flex-col items-center text-center">
          <Avatar name={name} src={user.profile?.avatar_url} size="lg" />
          <p className="mt-3 font-semibold" data-testid="account-name">
            {name}
          </p>
          <p className="text-sm break-all text-slate-600 dark:text-slate-400" data-testid="account-email">
            {user.email}
          </p>
        </div>
        <dl className="mt-6 space-y-3 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600 dark:text-slate-400">{t('account.role')}</dt>
            <dd className="font-medium" data-testid="account-role">
              {panel ? t('panel.name', { panel }) : '—'}
              {extraRoles.length > 0 && <span className="text-slate-600 dark:text-slate-400"> · {extraRoles.join(', ')}</span>}
            </dd>
          </div>
          {user.tenant && (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600 dark:text-slate-400">{t('account.business')}</dt>
              <dd className="font-medium">{user.tenant.name.en ?? user.tenant.slug}</dd>
            </div>
          )}
        </dl>
        {languageChoice && <LanguageRadios />}
        {error && (
          <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        <div className="mt-8 space-y-2">
          <Button
            variant="secondary"
            className="w-full"
            onClick={() => {
              setOpen(false);
              setEditingProfile(true);
            }}
          >
            {t('account.profile')}
          </Button>
          <Button className="w-full" busy={busy === 'here'} disabled={busy !== null} onClick={() => void leave('here')}>
            <LogoutIcon />
            {t('account.signOut')}
          </Button>
          <Button variant="secondary" className="w-full" busy={busy === 'everywhere'} disabled={busy !== null} onClick={() => void leave('everywhere')}>
            {t('account.signOutEverywhere')}
          </Button>
          <p className="text-xs text-slate-600 dark:text-slate-400">{t('account.signOutEverywhereHelp')}</p>
        </div>
      </Drawer>
      <OwnProfileDialog open={editingProfile} onClose={() => setEditingProfile(false)} user={user} />
    </>
  );
}
