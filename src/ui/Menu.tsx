import { Menu as HeadlessMenu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useId, type ReactNode } from 'react';
import { iconButtonClassName } from './IconButton';
import { MoreVerticalIcon } from './icons';

export interface MenuAction {
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  disabled?: boolean;
  /** Why it is disabled, shown under the item and announced with it. */
  reason?: string;
  destructive?: boolean;
}

export interface MenuProps {
  /** The button's accessible name, e.g. 'Actions for Truck 7'. */
  label: string;
  items: readonly MenuAction[];
  /** The button's content; a vertical ellipsis ('⋮') when absent. */
  children?: ReactNode;
  buttonClassName?: string;
  align?: 'start' | 'end';
}

/**
 * The one dropdown of actions: a page's header menu and a table row's '⋮' menu alike (Headless UI
 * Menu: arrow keys, type-ahead, Enter, Escape). The items are anchored to the button in a floating
 * layer, so a table's scroll container or a card's overflow never clips them. Disabled items stay
 * visible with their reason: under the label, as its tooltip, and announced as its description.
 */
export function Menu({ label, items, children, buttonClassName, align = 'end' }: MenuProps) {
  const id = useId();
  return (
    <HeadlessMenu>
      <MenuButton aria-label={label} title={label} className={buttonClassName ?? iconButtonClassName}>
        {children ?? <MoreVerticalIcon />}
      </MenuButton>
      <MenuItems
        anchor={align === 'end' ? 'bottom end' : 'bottom start'}
        modal={false}
        className={
          'z-50 w-56 max-w-72 rounded-xl border border-slate-200 bg-white p-1 text-sm shadow-xl [--anchor-gap:4px] focus:outline-none ' +
          'dark:border-slate-700 dark:bg-slate-900'
        }
      >
        {items.map((item, index) => {
          const reasonId = item.disabled && item.reason ? `${id}-reason-${index}` : undefined;
          return (
            <MenuItem key={item.label} disabled={item.disabled ?? false}>
              <button
                type="button"
                title={item.disabled ? item.reason : undefined}
                onClick={() => {
                  if (!item.disabled) item.onSelect();
                }}
                // Named by its label alone; the reason is its description.
                aria-labelledby={`${id}-label-${index}`}
                aria-describedby={reasonId}
                className={
                  'flex w-full items-start gap-2 rounded-lg px-3 py-2 text-left data-disabled:cursor-not-allowed data-focus:bg-slate-100 dark:data-focus:bg-slate-800 ' +
                  (item.destructive ? 'text-red-700 dark:text-red-400' : 'text-slate-900 dark:text-slate-100')
                }
              >
                {item.icon && <span className="shrink-0">{item.icon}</span>}
                <span className="min-w-0">
                  <span id={`${id}-label-${index}`} className={`block ${item.disabled ? 'opacity-50' : ''}`}>
                    {item.label}
                  </span>
                  {reasonId && (
                    <span id={reasonId} className="block text-xs text-slate-500 dark:text-slate-400">
                      {item.reason}
                    </span>
                  )}
                </span>
              </button>
            </MenuItem>
          );
        })}
      </MenuItems>
    </HeadlessMenu>
  );
}
