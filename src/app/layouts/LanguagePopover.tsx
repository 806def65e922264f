import { CheckIcon, GlobeIcon } from '../../ui/icons';
import { iconButtonClassName } from '../../ui/IconButton';
import { Popover } from '../../ui/Popover';

/** The languages the app is written in; English only for now. */
const LANGUAGES = [{ code: 'en', label: 'English' }] as const;

export function LanguagePopover() {
  const current = 'en';
  return (
    <Popover
      label="Language"
      role="menu"
      panelClassName="w-44 py-1"
      trigger={(props) => (
        <button type="button" {...props} aria-label="Language: English" title="Language" className={iconButtonClassName}>
          <GlobeIcon />
        </button>
      )}
    >
      {(close) =>
        LANGUAGES.map((language) => (
          <button
            key={language.code}
            type="button"
            role="menuitemradio"
            aria-checked={language.code === current}
            tabIndex={-1}
            onClick={close}
            className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-800 dark:focus:bg-slate-800"
          >
            <span lang={language.code}>{language.label}</span>
            {language.code === current && <CheckIcon className="size-4 text-brand" />}
          </button>
        ))
      }
    </Popover>
  );
}
