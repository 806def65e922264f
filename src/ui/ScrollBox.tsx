import { useCallback, useEffect, useState, type ReactNode, type Ref } from 'react';

export interface ScrollBoxProps {
  /** Names the box when it scrolls (it is then a keyboard stop), e.g. the table's caption. */
  label: string;
  children: ReactNode;
  /** Extra classes: a height limit (`max-h-[70vh] overflow-y-auto`), a border. */
  className?: string;
  /** The scrolling element, for what measures or virtualizes inside it. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * What needs two dimensions (a table's columns) scrolls sideways inside this box, so the page never
 * does: a 320 px wide window, or 400 % zoom, keeps the page one column wide. The box is the containing
 * block of what is positioned inside it (a visually hidden header's text sits at its place in the
 * row), else that would still widen the page. When its content overflows it, the box takes focus
 * and is named, so a keyboard can scroll it even when no cell holds a link or a button.
 */
export function ScrollBox({ label, children, className, ref }: ScrollBoxProps) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const scrolls = useOverflow(element);
  // A stable callback: a new one each render would detach and attach the node, and so render again.
  const attach = useCallback(
    (node: HTMLDivElement | null) => {
      setElement(node);
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  return (
    <div
      ref={attach}
      className={`relative max-w-full overflow-x-auto rounded-sm focus-visible:outline-2 focus-visible:outline-brand ${className ?? ''}`}
      {...(scrolls ? { tabIndex: 0, role: 'group', 'aria-label': label } : {})}
    >
      {children}
    </div>
  );
}

/** Whether an element's content overflows it (it scrolls), followed as it and its content resize. */
function useOverflow(element: HTMLElement | null): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [element]);
  return overflows;
}
