import IntlMessageFormat from 'intl-messageformat';
import { createElement, Fragment, use, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type * as PseudoModuleType from './pseudo';
import { browserLanguage, isLanguage, type Language } from './languages';

/**
 * Message catalogues: ICU MessageFormat strings (interpolation, plurals, selects) keyed by id, one
 * catalogue per area of the app (the kit, the shell, a feature). English is the source and ships
 * with the area's code; Spanish and French are separate chunks, loaded the first time a screen of
 * that area is shown in that language, so a language costs only what the screens in use need.
 */
export type Messages<K extends string = string> = Record<K, string>;

/** A translation of an English catalogue: every key, no other (checked by `satisfies`). */
export type Translation<E extends Messages> = Record<keyof E, string>;

type Loader<K extends string> = () => Promise<{ default: Messages<K> }>;

export interface Catalogue<K extends string = string> {
  /** Names the area in errors and in the catalogue check. */
  readonly area: string;
  readonly en: Messages<K>;
  readonly load: Record<Exclude<Language, 'en'>, Loader<K>>;
}

export function defineCatalogue<const E extends Messages>(area: string, en: E, load: Record<Exclude<Language, 'en'>, Loader<keyof E & string>>): Catalogue<keyof E & string> {
  return { area, en, load };
}

export type MessageValue = string | number | Date | boolean | null | undefined;
/** A value of a rich message: text, an element, or a tag's renderer (`<b>{name}</b>` -> (chunks) => <b>{chunks}</b>). */
export type RichValue = MessageValue | ReactNode | ((chunks: ReactNode[]) => ReactNode);

export interface Translate<K extends string> {
  (key: K, values?: Record<string, MessageValue>): string;
  /** A message with elements in it (a count in its own span, a bold amount). */
  rich(key: K, values: Record<string, RichValue>): ReactNode;
}

// ---------------------------------------------------------------------------------------------
// The active language and the catalogues loaded for it, shared by every screen of the page.

const LAST_LANGUAGE_KEY = 'waypost:language';

function storedLanguage(): Language | null {
  try {
    const value = typeof window === 'undefined' ? null : window.localStorage.getItem(LAST_LANGUAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The pseudo-locale (`pseudo.ts`), for tests that look for words not taken from a catalogue: on for
 * a page whose localStorage holds `waypost:pseudo-locale` = `on` when the app starts (read once;
 * a browser test sets it with an init script). The page then speaks English with every catalogue
 * message accented and bracketed, dates, numbers and money formatted as English, and ignores
 * language choices. It cannot reach a user by accident: it is not a language (no menu offers it,
 * no profile or tenant can store it, `LanguageSync` cannot apply it), it is not in the URL (a shared
 * link cannot carry it), and only that browser's own storage, set by hand, turns it on.
 */
const PSEUDO_KEY = 'waypost:pseudo-locale';

function pseudoRequested(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem(PSEUDO_KEY) === 'on';
  } catch {
    return false;
  }
}

type PseudoModule = typeof PseudoModuleType;

const pseudo = pseudoRequested();
let pseudoModule: Promise<PseudoModule> | null = null;

// The page opens in the language it last showed (so a reload does not flash English before the
// profile is read), else the browser's; the app then settles on the resolved one.
let active: Language = pseudo ? 'en' : (storedLanguage() ?? browserLanguage() ?? 'en');
let generation = 0;
const listeners = new Set<() => void>();
const pending = new Map<string, Promise<Messages>>();
const inUse = new Map<Catalogue, number>();

if (typeof document !== 'undefined') document.documentElement.lang = active;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getLanguage(): Language {
  return active;
}

/**
 * A promise React's `use()` reads at once: marked settled the way React marks the promises it has
 * awaited, so a screen calls `use()` on every render (the same hook order whether or not the
 * catalogue was loaded yet) and suspends only while it really loads.
 */
type Settling<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

function settled<T>(promise: Promise<T>, value: T): Promise<T> {
  const marked = promise as Settling<T>;
  marked.status = 'fulfilled';
  marked.value = value;
  return marked;
}

const english = new WeakMap<Catalogue, Promise<Messages>>();

function loadCatalogue(catalogue: Catalogue, language: Language): Promise<Messages> {
  if (language === 'en') {
    let promise = english.get(catalogue);
    if (!promise) {
      if (pseudo) {
        const loading: Promise<Messages> = (pseudoModule ??= import('./pseudo')).then((module) => {
          const messages = module.pseudoMessages(catalogue.en);
          void settled(loading, messages);
          return messages;
        });
        promise = loading;
      } else {
        promise = settled(Promise.resolve(catalogue.en), catalogue.en);
      }
      english.set(catalogue, promise);
    }
    return promise;
  }
  const key = `${catalogue.area}:${language}`;
  let promise = pending.get(key);
  if (!promise) {
    const loading: Promise<Messages> = catalogue.load[language]()
      .then(
        (module): Messages => module.default,
        (error: unknown) => {
          // A chunk that will not load (offline, a new deploy): the area stays in English for this page.
          console.error(`Could not load the ${language} messages of ${catalogue.area}`, error);
          return catalogue.en;
        },
      )
      .then((messages) => {
        // Marked before anyone awaiting it resumes: a screen mounted by a language switch reads it without suspending.
        void settled(loading, messages);
        return messages;
      });
    promise = loading;
    pending.set(key, promise);
  }
  return promise;
}

/**
 * Switches the page to a language: the catalogues of every area on screen load first, then every
 * screen renders in it at once (no reload, no half-translated frame), and `<html lang>` follows. A
 * later call wins over one still loading.
 */
export async function applyLanguage(language: Language): Promise<void> {
  // The pseudo-locale stays on whatever the user, the tenant or the browser would choose.
  if (pseudo) return;
  const mine = ++generation;
  await Promise.all([...inUse.keys()].map((catalogue) => loadCatalogue(catalogue, language)));
  if (mine !== generation || language === active) return;
  active = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  try {
    window.localStorage.setItem(LAST_LANGUAGE_KEY, language);
  } catch {
    // Only the next page's first frame depends on it.
  }
  for (const listener of listeners) listener();
}

/**
 * Keeps a catalogue loaded in the page's language from now on, whether or not a screen shows it: it
 * loads now and with every language switch, so the screen that first needs it (a form placing the
 * server's refusal under a field, a dialog opened later) does not pause on it.
 */
export function keepLoaded(catalogue: Catalogue): void {
  inUse.set(catalogue, (inUse.get(catalogue) ?? 0) + 1);
  void loadCatalogue(catalogue, active);
}

/** The language the page speaks now. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, getLanguage, () => 'en');
}

const formats = new Map<string, IntlMessageFormat | null>();

function compile(area: string, language: Language, key: string, message: string): IntlMessageFormat | null {
  // The message is part of the key: English and the pseudo-locale compile the same key in 'en'.
  const cacheKey = `${area}:${language}:${key}:${message}`;
  let compiled = formats.get(cacheKey);
  if (compiled === undefined) {
    try {
      compiled = new IntlMessageFormat(message, language);
    } catch (error) {
      console.error(`Invalid message ${area}:${language}:${key}`, error);
      compiled = null;
    }
    formats.set(cacheKey, compiled);
  }
  return compiled;
}

/** A translate function over a catalogue's messages in one language (English where one is missing). */
export function translator<K extends string>(catalogue: Catalogue<K>, language: Language, messages: Messages): Translate<K> {
  const compiled = (key: K) => {
    const message = messages[key] ?? catalogue.en[key] ?? key;
    return { message, format: compile(catalogue.area, language, key, message) };
  };
  const t = ((key, values) => {
    const { message, format } = compiled(key);
    if (!format) return message;
    const result = format.format<string>(values as Record<string, string>);
    return Array.isArray(result) ? result.join('') : String(result);
  }) as Translate<K>;
  t.rich = (key, values) => {
    const { message, format } = compiled(key);
    if (!format) return message;
    const result = format.format<ReactNode>(values as Record<string, ReactNode>);
    return Array.isArray(result) ? result.map((part, index) => createElement(Fragment, { key: index }, part as ReactNode)) : (result as ReactNode);
  };
  return t;
}

/**
 * The screen's `t(key, values)` for an area's catalogue, in the page's language. The first screen
 * of an area shown in a language waits (Suspense) for that area's catalogue; a language switch loads
 * the catalogues of every mounted area before it takes effect.
 */
export function useT<K extends string>(catalogue: Catalogue<K>): Translate<K> {
  const language = useLanguage();
  useEffect(() => {
    inUse.set(catalogue, (inUse.get(catalogue) ?? 0) + 1);
    return () => {
      const count = (inUse.get(catalogue) ?? 1) - 1;
      if (count > 0) inUse.set(catalogue, count);
      else inUse.delete(catalogue);
    };
  }, [catalogue]);
  // A translated language always goes through `use()`, never only while loading: React warns when a
  // render that suspended on `use()` is followed by one that does not call it. A loaded catalogue's
  // promise is marked settled, so `use()` answers it at once. English never suspends (the
  // pseudo-locale, fixed for the page's life, does once per area).
  const messages = language === 'en' && !pseudo ? catalogue.en : use(loadCatalogue(catalogue, language));
  return useMemo(() => translator(catalogue, language, messages), [catalogue, language, messages]);
}
