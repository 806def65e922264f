import { useDocumentTitle } from '../../lib/document-title';
import { useT } from '../../lib/i18n/catalogue';
import { appMessages } from '../messages';
import { HomeLink, StatusPage } from './StatusPage';

/** A user on another role's area or another tenant's slug. `homeHref` defaults to the dashboard redirect. */
export function ForbiddenPage({ homeHref = '/dashboard' }: { homeHref?: string }) {
  const t = useT(appMessages);
  useDocumentTitle(t('forbidden.documentTitle'));
  return (
    <StatusPage code={403} title={t('forbidden.title')} message={t('forbidden.message')}>
      <HomeLink href={homeHref} />
    </StatusPage>
  );
}
