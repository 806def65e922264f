import { useEffect, useRef, type RefObject } from 'react';

function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

interface KeysInput {
  openAssign: () => void;
  open: (id: string | null) => void;
  selectedId: string | null;
  searchInput: RefObject<HTMLInputElement | null>;
}

/**
 * The board's page keys: `/` to the search box, `A` assigns (the ticked cards or the open one), `Esc`
 * leaves the search box or closes the panel. Dialogs handle their own keys; text fields take theirs
 * (a ticked checkbox still lets `A` assign what it ticked). The lanes' own keys are the lists'.
 */
export function useBoardKeys({ openAssign, open, selectedId, searchInput }: KeysInput): void {
  const latest = useRef({ openAssign, open, selectedId });
  useEffect(() => {
    latest.current = { openAssign, open, selectedId };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || dialogOpen()) return;
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input:not([type="checkbox"]):not([type="radio"]), textarea, select, [contenteditable="true"]');
      if (event.key === 'Escape') {
        if (typing === searchInput.current && searchInput.current) searchInput.current.blur();
        else if (latest.current.selectedId) latest.current.open(null);
        return;
      }
      if (typing) return;
      if (event.key === '/') {
        event.preventDefault();
        searchInput.current?.focus();
      } else if (event.key === 'a' || event.key === 'A') {
        event.preventDefault();
        latest.current.openAssign();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [searchInput]);
}
