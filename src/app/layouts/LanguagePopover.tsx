import { useLanguage, useT } from '../../lib/i18n/catalogue';
import { chooseLanguage } from '../../lib/i18n/choice';
import { LANGUAGE_NAMES, LANGUAGES } from '../../lib/i18n/languages';
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
export function LanguagePopover() {
  const t = useT(appMessages);
  const current = useLanguage();
  const { user } = useSession();
  const toast = useToast();
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
              if (!user || language === current) return;
              chooseLanguage(user.id, language).catch((error: unknown) => {
                console.error('Could not save the language', error);
                toast.error(t('language.saveFailed'));
              });
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
