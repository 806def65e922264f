import { createStore } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseStoredSettings, resolveColorMode, SETTINGS_STORAGE_KEY, settingsStorage, type Settings } from './settings';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('settings persistence', () => {
  it('starts from the defaults: system mode, vertical navigation, not compact', () => {
    const storage = memoryStorage();
    const settings = atomWithStorage<Settings>(SETTINGS_STORAGE_KEY, DEFAULT_SETTINGS, settingsStorage(() => storage), { getOnInit: true });
    expect(createStore().get(settings)).toEqual({ mode: 'system', navLayout: 'vertical', compact: false });
  });

  it('writes every change and reads it back in a new store (a reload)', () => {
    const storage = memoryStorage();
    const make = () => atomWithStorage<Settings>(SETTINGS_STORAGE_KEY, DEFAULT_SETTINGS, settingsStorage(() => storage), { getOnInit: true });
    const first = createStore();
    const atomA = make();
    first.set(atomA, { mode: 'dark', navLayout: 'mini', compact: true });
    expect(JSON.parse(storage.items.get(SETTINGS_STORAGE_KEY) ?? 'null')).toEqual({ mode: 'dark', navLayout: 'mini', compact: true });

    const reloaded = createStore();
    expect(reloaded.get(make())).toEqual({ mode: 'dark', navLayout: 'mini', compact: true });
  });

  it('repairs a stored value field by field', () => {
    expect(parseStoredSettings({ mode: 'sepia', navLayout: 'horizontal', compact: 'yes' })).toEqual({ mode: 'system', navLayout: 'horizontal', compact: false });
    expect(parseStoredSettings(null)).toEqual(DEFAULT_SETTINGS);
    const storage = memoryStorage({ [SETTINGS_STORAGE_KEY]: '{broken' });
    expect(settingsStorage(() => storage).getItem(SETTINGS_STORAGE_KEY, DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps working when storage throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const storage = settingsStorage(() => throwing);
    expect(storage.getItem(SETTINGS_STORAGE_KEY, DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(() => storage.setItem(SETTINGS_STORAGE_KEY, DEFAULT_SETTINGS)).not.toThrow();
  });
});

describe('resolveColorMode', () => {
  it('follows the system only in system mode', () => {
    expect(resolveColorMode('system', true)).toBe('dark');
    expect(resolveColorMode('system', false)).toBe('light');
    expect(resolveColorMode('light', true)).toBe('light');
    expect(resolveColorMode('dark', false)).toBe('dark');
  });
});
