import type { ReactNode } from 'react';

type Tone = 'brand' | 'neutral' | 'danger' | 'success';

const tones: Record<Tone, string> = {
  brand: 'bg-brand text-brand-contrast',
  neutral: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  danger: 'bg-red-600 text-white',
  success: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
};

/** A small count or label. A count badge on an icon button is decorative: name the button with the count instead. */
export function Badge({ children, tone = 'neutral', className }: { children: ReactNode; tone?: Tone; className?: string }) {
  return (
    <span
      className={`inline-flex min-w-5 items-center justify-center rounded-full px-1.5 py-0.5 text-xs leading-none font-semibold ${tones[tone]} ${className ?? ''}`}
    >
      {children}
    </span>
  );
}
