import { useEffect, useSyncExternalStore } from 'react';
import { supabase } from '../supabase';
import type { Language } from './languages';

/**
 * The language a user picks in the language menu: it applies at once, before the profile is saved
 * and read again, and is saved to their profile so that every device of theirs opens in it.
 */
let choice: { userId: string; language: Language } | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The choice made in this page for this user, if any (it wins over the profile until the next read). */
export function useOwnLanguageChoice(userId: string | null): Language | null {
  const current = useSyncExternalStore(subscribe, () => choice);
  return current && current.userId === userId ? current.language : null;
}

/** Applies the user's choice now and saves it to their profile (RLS: a user writes only their own). */
export async function chooseLanguage(userId: string, language: Language): Promise<void> {
  choice = { userId, language };
  for (const listener of listeners) listener();
  const { error } = await supabase.from('profiles').update({ language }).eq('id', userId);
  if (error) throw error;
}

/**
 * The language the reader of a public page asked for elsewhere (the tracking page's recipient, in
 * their delivery preference): it comes after a signed-in user's own choice and before the tenant's
 * default and the browser's. Null when the page declares none.
 */
let reader: Language | null = null;

export function useReaderLanguage(): Language | null {
  return useSyncExternalStore(subscribe, () => reader);
}

/** Declares the page's reader's language while the screen is shown. */
export function useDeclareReaderLanguage(language: Language | null): void {
  useEffect(() => {
    reader = language;
    for (const listener of listeners) listener();
    return () => {
      reader = null;
      for (const listener of listeners) listener();
    };
  }, [language]);
}
