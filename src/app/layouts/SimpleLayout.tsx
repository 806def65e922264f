import type { ReactNode } from 'react';
import { Logo } from './Logo';

/** Header with the logo over the page: signed-in screens and error pages. */
export function SimpleLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white/80 px-4 py-3 sm:px-6 dark:border-slate-800 dark:bg-slate-900/80">
        <Logo />
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6">{children}</main>
    </div>
  );
}
