import { useState } from 'react';
import { IconButton } from '../../ui/IconButton';
import { SettingsIcon } from '../../ui/icons';
import { SettingsDrawer } from './SettingsDrawer';

export function SettingsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton label="Settings" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <SettingsIcon />
      </IconButton>
      <SettingsDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
