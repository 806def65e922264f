import { useEffect } from 'react';
import { applyLanguage } from '../lib/i18n/catalogue';
import { useOwnLanguageChoice, useReaderLanguage } from '../lib/i18n/choice';
import { browserLanguage, resolveLanguage } from '../lib/i18n/languages';
import { useSession } from '../lib/session';
import { useTenantSettings } from '../lib/tenant-settings';

/**
 * Puts the page in the signed-in user's language: their own choice (made here, or saved on their
 * profile from any device), else the language the page's reader asked for (a public page's
 * recipient), else their tenant's default, else the browser's. It waits until the
 * sources it needs have answered, so a reload does not pass through another language on the way.
 */
export function LanguageSync() {
  const session = useSession();
  const user = session.user;
  const own = useOwnLanguageChoice(user?.id ?? null) ?? user?.profile?.language ?? null;
  const reader = useReaderLanguage();
  const settings = useTenantSettings();
  const tenant = settings.status === 'ready' ? settings.settings.defaultLanguage : null;
  const waiting = session.status === 'loading' || (!own && Boolean(user?.tenant) && settings.status === 'loading');
  const language = resolveLanguage({ own, reader, tenant, browser: browserLanguage() });

  useEffect(() => {
    if (!waiting) void applyLanguage(language);
  }, [waiting, language]);
  return null;
}
