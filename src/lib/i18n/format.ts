import { useMemo } from 'react';
import { formatDate, formatDateTime, formatTime } from '../format-date';
import { formatRelativeTime } from '../relative-time';
import { useLanguage } from './catalogue';
import type { Language } from './languages';

/**
 * Numbers, money, moments and relative times in a language: the browser's Intl data for that locale
 * (month names, separators, '5 minutes ago' / 'hace 5 minutos'), so no locale data ships with the app.
 */
export interface LocaleFormat {
  language: Language;
  /** 'Nov 25, 2026, 14:30' / '25 nov 2026, 14:30'; '—' for none. */
  dateTime(value: string | number | Date | null | undefined): string;
  /** A date alone: 'Nov 25, 2026' / '25 nov 2026'; a calendar day ('2026-11-25') as that day; '—' for none. */
  date(value: string | number | Date | null | undefined): string;
  /** '14:30'; '—' for none. */
  time(value: string | number | Date | null | undefined): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** An amount in a currency (the tenant's): '$12.50', '12,50 $US'. */
  money(amount: number, currency: string): string;
  /** '5 minutes ago', 'hace 5 minutos', 'il y a 5 minutes'. */
  relative(then: Date | string, now?: Date): string;
}

export function localeFormat(language: Language): LocaleFormat {
  return {
    language,
    dateTime: (value) => formatDateTime(value, language),
    date: (value) => formatDate(value, language),
    time: (value) => formatTime(value, language),
    number: (value, options) => new Intl.NumberFormat(language, options).format(value),
    money: (amount, currency) => {
      try {
        return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);
      } catch {
        return `${currency} ${amount.toFixed(2)}`;
      }
    },
    relative: (then, now) => formatRelativeTime(then, now, language),
  };
}

/** The formats of the page's language; a language switch re-renders with the new ones. */
export function useFormat(): LocaleFormat {
  const language = useLanguage();
  return useMemo(() => localeFormat(language), [language]);
}
