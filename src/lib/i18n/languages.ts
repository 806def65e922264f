/** The languages the app is written in; English is the source every other catalogue translates. */
export const LANGUAGES = ['en', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself, as a language menu lists them: never translated. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', fr: 'Français' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of the browser's preferred languages that the app speaks ('es-MX' is Spanish), else null. */
export function browserLanguage(preferred: readonly string[] | undefined = typeof navigator === 'undefined' ? undefined : navigator.languages): Language | null {
  for (const tag of preferred ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return null;
}

/**
 * Which language a screen speaks: the user's own choice, else the language the page's reader asked
 * for (a recipient's preference on the tracking page), else their tenant's default, else the
 * browser's, else English. Each source may be absent (no one signed in, a tenant that never chose).
 */
export function resolveLanguage(sources: { own?: Language | null; reader?: Language | null; tenant?: Language | null; browser?: Language | null }): Language {
  return sources.own ?? sources.reader ?? sources.tenant ?? sources.browser ?? 'en';
}
