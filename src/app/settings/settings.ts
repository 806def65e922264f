import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { z } from 'zod';

/** The display settings, remembered per browser (the layout and the settings drawer). */
export const settingsSchema = z.object({
  mode: z.enum(['light', 'dark', 'system']),
  navLayout: z.enum(['vertical', 'mini', 'horizontal']),
  compact: z.boolean(),
});

export type Settings = z.infer<typeof settingsSchema>;
export type ColorMode = Settings['mode'];
export type NavLayout = Settings['navLayout'];

export const DEFAULT_SETTINGS: Settings = { mode: 'system', navLayout: 'vertical', compact: false };

export const SETTINGS_STORAGE_KEY = 'waypost:settings';

/** Navigation widths and heights, and the compact content width. */
export const LAYOUT_SIZES = { navVertical: 300, navMini: 88, navHorizontal: 64, compactContent: 448 } as const;

/**
 * What was stored, field by field: a value from an older version or edited by hand falls back to
 * its default instead of throwing the whole object away.
 */
export function parseStoredSettings(raw: unknown): Settings {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_SETTINGS;
  const record = raw as Record<string, unknown>;
  const shape = settingsSchema.shape;
  const mode = shape.mode.safeParse(record.mode);
  const navLayout = shape.navLayout.safeParse(record.navLayout);
  const compact = shape.compact.safeParse(record.compact);
  return {
    mode: mode.success ? mode.data : DEFAULT_SETTINGS.mode,
    navLayout: navLayout.success ? navLayout.data : DEFAULT_SETTINGS.navLayout,
    compact: compact.success ? compact.data : DEFAULT_SETTINGS.compact,
  };
}

type StringStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** jotai's SyncStorage (not exported by jotai/utils). */
export interface SettingsStorage {
  getItem(key: string, initialValue: Settings): Settings;
  setItem(key: string, value: Settings): void;
  removeItem(key: string): void;
  subscribe?(key: string, callback: (value: Settings) => void, initialValue: Settings): (() => void) | undefined;
}

/** JSON in a string storage, validated on read; storage failures (private mode, quota) are not fatal. */
export function settingsStorage(getStorage: () => StringStorage | undefined): SettingsStorage {
  return {
    getItem(key, initialValue) {
      try {
        const text = getStorage()?.getItem(key);
        return text == null ? initialValue : parseStoredSettings(JSON.parse(text));
      } catch {
        return initialValue;
      }
    },
    setItem(key, value) {
      try {
        getStorage()?.setItem(key, JSON.stringify(value));
      } catch {
        // Remembering is a convenience: the setting still applies for this visit.
      }
    },
    removeItem(key) {
      try {
        getStorage()?.removeItem(key);
      } catch {
        // As above.
      }
    },
    subscribe(key, callback, initialValue) {
      // Another tab changed the settings: follow it.
      if (typeof window === 'undefined') return undefined;
      const listener = (event: StorageEvent) => {
        if (event.key !== key) return;
        try {
          callback(event.newValue == null ? initialValue : parseStoredSettings(JSON.parse(event.newValue)));
        } catch {
          callback(initialValue);
        }
      };
      window.addEventListener('storage', listener);
      return () => window.removeEventListener('storage', listener);
    },
  };
}

const browserStorage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** Read on init, so the first paint already has the remembered mode and layout. */
export const settingsAtom = atomWithStorage<Settings>(SETTINGS_STORAGE_KEY, DEFAULT_SETTINGS, settingsStorage(browserStorage), {
  getOnInit: true,
});

/** Updates one setting, keeping the others. */
export const updateSettingsAtom = atom(null, (get, set, patch: Partial<Settings>) => {
  set(settingsAtom, { ...get(settingsAtom), ...patch });
});

/** The mode actually shown: 'system' follows the operating system's preference. */
export function resolveColorMode(mode: ColorMode, systemPrefersDark: boolean): 'light' | 'dark' {
  if (mode === 'system') return systemPrefersDark ? 'dark' : 'light';
  return mode;
}
