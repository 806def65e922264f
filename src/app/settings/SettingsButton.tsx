import { useState } from 'react';
import { IconButton } from '../../ui/IconButton';
import { SettingsIcon } from '../../ui/icons';
import { SettingsDrawer } from './SettingsDrawer';
import { useT } from '../../lib/i18n/catalogue';
import { appMessages } from '../messages';

export function SettingsButton() {
  const t = useT(appMessages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton label={t('settings.title')} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <SettingsIcon />
      </IconButton>
      <SettingsDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
