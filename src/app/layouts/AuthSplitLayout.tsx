import type { ReactNode } from 'react';
import { useBrand } from '../../features/brand/BrandProvider';
import { SettingsButton } from '../settings/SettingsButton';
import { Logo } from './Logo';

/** Sign-up in a tenant: the brand's panel beside the form; the panel folds away on small screens. */
export function AuthSplitLayout({ children, title }: { children: ReactNode; title?: string }) {
  const { name } = useBrand();
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <section
        aria-label={name}
        data-testid="brand-panel"
        className="relative hidden flex-col justify-between overflow-hidden bg-brand p-10 text-brand-contrast lg:flex"
      >
        {/* The decoration first, the content positioned after it: the circle must never tint the text. */}
        <span aria-hidden="true" className="pointer-events-none absolute -right-24 -bottom-24 size-80 rounded-full bg-brand-secondary opacity-40" />
        <span className="relative inline-flex w-fit rounded-xl bg-white/90 px-3 py-2 text-slate-900">
          <Logo />
        </span>
        <div className="relative">
          <p className="text-3xl leading-tight font-bold">{title ?? `Welcome to ${name}`}</p>
          <p className="mt-3 max-w-sm text-base opacity-90">Track deliveries, manage orders and stay in touch with your team, all in one place.</p>
        </div>
      </section>
      <div className="flex flex-col">
        <header className="flex h-16 items-center justify-between px-4 sm:px-6">
          <span className="lg:invisible">
            <Logo />
          </span>
          <SettingsButton />
        </header>
        <main className="flex flex-1 items-center justify-center px-4 py-10">
          <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-brand-card p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">{children}</div>
        </main>
      </div>
    </div>
  );
}
