import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';

export interface PopoverTriggerProps {
  ref: Ref<HTMLButtonElement>;
  id: string;
  'aria-expanded': boolean;
  'aria-controls': string;
  'aria-haspopup': 'dialog' | 'menu';
  onClick: () => void;
}

export interface PopoverProps {
  /** Renders the button that toggles the panel; spread the props onto a <button>. */
  trigger: (props: PopoverTriggerProps) => ReactNode;
  /** The panel's accessible name. */
  label: string;
  /** 'dialog' for rich content (a list with buttons), 'menu' when the children are menu items. */
  role?: 'dialog' | 'menu';
  /** The panel's content; `close` hides it and returns focus to the trigger. */
  children: (close: () => void) => ReactNode;
  panelClassName?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"]), [role^="menuitem"]';

/**
 * A non-modal panel under a button: Escape or a click outside closes it (focus back on the
 * button), and leaving it with Tab closes it. Menus get arrow-key movement between items.
 */
export function Popover({ trigger, label, role = 'dialog', children, panelClassName }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const buttonId = `${id}-trigger`;
  // By id, not by ref: `close` is handed to the children while they render.
  const close = useCallback(() => {
    setOpen(false);
    document.getElementById(buttonId)?.focus();
  }, [buttonId]);

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    // Move focus in, so keyboard users land on the content they opened.
    const first = panel?.querySelector<HTMLElement>(role === 'menu' ? '[role^="menuitem"]' : FOCUSABLE);
    (first ?? panel)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, role]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (role !== 'menu' || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const items = [...(panelRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    if (items.length === 0) return;
    event.preventDefault();
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : (index + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
    items[next]?.focus();
  }

  return (
    <div className="relative">
      {trigger({
        ref: buttonRef,
        id: buttonId,
        'aria-expanded': open,
        'aria-controls': id,
        'aria-haspopup': role,
        onClick: () => setOpen((value) => !value),
      })}
      {open && (
        <div
          ref={panelRef}
          id={id}
          role={role}
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            const next = event.relatedTarget as Node | null;
            if (next && !panelRef.current?.contains(next) && !buttonRef.current?.contains(next)) setOpen(false);
          }}
          className={
            'absolute right-0 z-40 mt-2 origin-top-right rounded-xl border border-slate-200 bg-white text-slate-900 shadow-xl focus:outline-none ' +
            'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ' +
            (panelClassName ?? 'w-64')
          }
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}
