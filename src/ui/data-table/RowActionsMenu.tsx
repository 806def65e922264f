import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useId } from 'react';
import { iconButtonClassName } from '../IconButton';
import { MoreVerticalIcon } from './icons';

export interface RowAction {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** Why the action is unavailable (e.g. 'Only pending assignments can be edited'): shown under it, as its tooltip, and announced with it. */
  disabledReason?: string;
  destructive?: boolean;
}

/** The '⋮' menu of one row: arrow keys move, Enter picks, Escape closes; disabled items say why. */
export function RowActionsMenu({ actions, label }: { actions: readonly RowAction[]; label: string }) {
  const id = useId();
  return (
    <Menu>
      <MenuButton aria-label={label} title={label} className={`${iconButtonClassName} size-8`}>
        <MoreVerticalIcon />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        modal={false}
        className={
          'z-50 min-w-44 max-w-72 rounded-xl border border-slate-200 bg-white p-1 text-sm text-slate-900 shadow-xl [--anchor-gap:4px] focus:outline-none ' +
          'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100'
        }
      >
        {actions.map((action, index) => {
          const reasonId = action.disabled && action.disabledReason ? `${id}-reason-${index}` : undefined;
          return (
            <MenuItem key={action.label} disabled={action.disabled ?? false}>
              <button
                type="button"
                title={action.disabled ? action.disabledReason : undefined}
                aria-describedby={reasonId}
                onClick={() => {
                  if (!action.disabled) action.onSelect();
                }}
                className={
                  'flex w-full flex-col items-start rounded-lg px-3 py-2 text-left data-focus:bg-slate-100 dark:data-focus:bg-slate-800 ' +
                  'data-disabled:cursor-not-allowed data-disabled:opacity-60 ' +
                  (action.destructive ? 'text-red-600 dark:text-red-400' : '')
                }
              >
                <span>{action.label}</span>
                {reasonId && (
                  <span id={reasonId} className="text-xs text-slate-500 dark:text-slate-400">
                    {action.disabledReason}
                  </span>
                )}
              </button>
            </MenuItem>
          );
        })}
      </MenuItems>
    </Menu>
  );
}
