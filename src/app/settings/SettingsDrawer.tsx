import { useAtomValue, useSetAtom } from 'jotai';
import { useId, type ReactNode } from 'react';
import { Drawer } from '../../ui/Drawer';
import { MonitorIcon, MoonIcon, SunIcon } from '../../ui/icons';
import { DEFAULT_SETTINGS, settingsAtom, updateSettingsAtom, type ColorMode, type NavLayout } from './settings';
import { useT } from '../../lib/i18n/catalogue';
import { appMessages } from '../messages';

interface Choice<T extends string> {
  value: T;
  /** Its words in the shell's catalogue. */
  label: 'settings.light' | 'settings.dark' | 'settings.system' | 'settings.vertical' | 'settings.mini' | 'settings.horizontal';
  icon?: ReactNode;
}

const MODES: Choice<ColorMode>[] = [
  { value: 'light', label: 'settings.light', icon: <SunIcon /> },
  { value: 'dark', label: 'settings.dark', icon: <MoonIcon /> },
  { value: 'system', label: 'settings.system', icon: <MonitorIcon /> },
];

const LAYOUTS: Choice<NavLayout>[] = [
  { value: 'vertical', label: 'settings.vertical' },
  { value: 'mini', label: 'settings.mini' },
  { value: 'horizontal', label: 'settings.horizontal' },
];

/** A radio group drawn as cards: native radios, so arrow keys and screen readers work as usual. */
function ChoiceGroup<T extends string>({ legend, name, choices, value, onChange }: { legend: string; name: string; choices: Choice<T>[]; value: T; onChange: (value: T) => void }) {
  const t = useT(appMessages);
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-2 grid grid-cols-3 gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={
              'flex cursor-pointer flex-col items-center gap-1 rounded-xl border px-2 py-3 text-xs font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand ' +
              (choice.value === value
                ? 'border-brand bg-brand/10 text-brand'
                : 'border-slate-200 text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800')
            }
          >
            <input type="radio" name={name} value={choice.value} checked={choice.value === value} onChange={() => onChange(choice.value)} className="sr-only" />
            {choice.icon}
            {t(choice.label)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT(appMessages);
  const settings = useAtomValue(settingsAtom);
  const update = useSetAtom(updateSettingsAtom);
  const name = useId();
  const compactId = useId();

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('settings.title')}
      footer={
        <button
          type="button"
          onClick={() => update(DEFAULT_SETTINGS)}
          className="w-full rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {t('settings.reset')}
        </button>
      }
    >
      <div className="space-y-6">
        <ChoiceGroup legend={t('settings.mode')} name={`${name}-mode`} choices={MODES} value={settings.mode} onChange={(mode) => update({ mode })} />
        <ChoiceGroup legend={t('settings.navLayout')} name={`${name}-nav`} choices={LAYOUTS} value={settings.navLayout} onChange={(navLayout) => update({ navLayout })} />
        <div className="flex items-start justify-between gap-4">
          <div>
            <label htmlFor={compactId} className="text-sm font-semibold">
              {t('settings.compact')}
            </label>
            <p id={`${compactId}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
              {t('settings.compactHelp')}
            </p>
          </div>
          <button
            id={compactId}
            type="button"
            role="switch"
            aria-checked={settings.compact}
            aria-describedby={`${compactId}-hint`}
            onClick={() => update({ compact: !settings.compact })}
            className={
              'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ' +
              (settings.compact ? 'bg-brand' : 'bg-slate-300 dark:bg-slate-600')
            }
          >
            <span aria-hidden="true" className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${settings.compact ? 'translate-x-5' : 'translate-x-0.5'}`} />
          </button>
        </div>
      </div>
    </Drawer>
  );
}
