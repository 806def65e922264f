import { createContext, use, useCallback, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Says a short sentence to assistive technology, politely: after what it is reading, never moving focus. */
export type Announce = (message: string) => void;

const AnnounceContext = createContext<Announce | null>(null);
const silent: Announce = () => undefined;

/**
 * The app's one polite live region: a screen says what changed on its own (a new delivery waiting, an
 * assignment accepted) with `useAnnounce()`, and a screen reader reads it when it pauses; focus stays
 * where the user left it. The region is a child of <body>, outside the app's root: a modal dialog makes
 * the rest of the page inert (hidden from assistive technology), and that would silence it.
 */
export function LiveAnnouncer({ children }: { children: ReactNode }) {
  const [said, setSaid] = useState<{ text: string; count: number }>({ text: '', count: 0 });
  const announce = useCallback<Announce>((message) => {
    const text = message.trim();
    if (text) setSaid((before) => ({ text, count: before.count + 1 }));
  }, []);
  return (
    <AnnounceContext value={announce}>
      {children}
      {createPortal(
        <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="live-announcer">
          {/* A new node for each announcement, so the same words said twice are read twice. */}
          <p key={said.count}>{said.text}</p>
        </div>,
        document.body,
      )}
    </AnnounceContext>
  );
}

/** The announcer of the nearest LiveAnnouncer; outside one (a component test) it says nothing. */
export function useAnnounce(): Announce {
  return use(AnnounceContext) ?? silent;
}
