import type { ReactNode } from 'react';
import { SettingsButton } from '../settings/SettingsButton';
import { Logo } from './Logo';

/** A header with the logo and the settings button over the page (error pages, blank). */
export function SimpleLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-16 items-center justify-between border-b border-slate-200 bg-brand-card/80 px-4 sm:px-6 dark:border-slate-800 dark:bg-slate-900/80">
        <Logo />
        <SettingsButton />
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6">{children}</main>
    </div>
  );
}
