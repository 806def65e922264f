import { useLanguage, useT } from '../../lib/i18n/catalogue';
import { chooseLanguage } from '../../lib/i18n/choice';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../lib/i18n/languages';
import { useSession } from '../../lib/session';
import { CheckIcon, GlobeIcon } from '../../ui/icons';
import { iconButtonClassName } from '../../ui/IconButton';
import { Popover } from '../../ui/Popover';
import { useToast } from '../../ui/toast';
import { appMessages } from '../messages';

/**
 * The user's language: applied at once and saved to their profile, so it follows them to every device.
 * Each language is named in itself, so anyone can find theirs whatever the page speaks now.
 */
/** Applies a language the user picks and saves it to their profile (a toast when the save fails). */
function useChooseLanguage(): (language: Language) => void {
  const t = useT(appMessages);
  const current = useLanguage();
  const { user } = useSession();
  const toast = useToast();
  return (language) => {
    if (!user || language === current) return;
    chooseLanguage(user.id, language).catch((error: unknown) => {
      console.error('Could not save the language', error);
      toast.error(t('language.saveFailed'));
    });
  };
}

export function LanguagePopover() {
  const t = useT(appMessages);
  const current = useLanguage();
  const choose = useChooseLanguage();
  return (
    <Popover
      label={t('language.menu')}
      role="menu"
      panelClassName="w-44 py-1"
      trigger={(props) => (
        <button type="button" {...props} aria-label={t('language.button', { name: LANGUAGE_NAMES[current] })} title={t('language.menu')} className={iconButtonClassName}>
          <GlobeIcon />
        </button>
      )}
    >
      {(close) =>
        LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            role="menuitemradio"
            aria-checked={language === current}
            tabIndex={-1}
            onClick={() => {
              close();
              choose(language);
            }}
            className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-800 dark:focus:bg-slate-800"
          >
            <span lang={language}>{LANGUAGE_NAMES[language]}</span>
            {language === current && <CheckIcon className="size-4 text-brand" />}
          </button>
        ))
      }
    </Popover>
  );
}

/** The same choice as radio buttons, for the account drawer of the panels whose header has no room for it. */
export function LanguageRadios() {
  const t = useT(appMessages);
  const current = useLanguage();
  const choose = useChooseLanguage();
  return (
    <fieldset className="mt-6">
      <legend className="text-sm text-slate-600 dark:text-slate-400">{t('language.menu')}</legend>
      <div className="mt-2 grid grid-cols-3 gap-2">
        {LANGUAGES.map((language) => (
          <label
            key={language}
            className={
              'flex cursor-pointer items-center justify-center rounded-lg border px-2 py-2 text-sm font-medium has-focus-visible:outline-2 has-focus-visible:outline-brand ' +
              (language === current ? 'border-brand bg-brand/10 text-brand' : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800')
            }
          >
            <input type="radio" name="account-language" value={language} checked={language === current} onChange={() => choose(language)} className="sr-only" />
            <span lang={language}>{LANGUAGE_NAMES[language]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
