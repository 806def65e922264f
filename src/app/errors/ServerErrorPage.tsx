import { useDocumentTitle } from '../../lib/document-title';
import { useT } from '../../lib/i18n/catalogue';
import { Button } from '../../ui/Button';
import { appMessages } from '../messages';
import { HomeLink, StatusPage } from './StatusPage';

/** The 500 page (its texts are not in the spec). */
export function ServerErrorPage({ homeHref = '/dashboard' }: { homeHref?: string }) {
  const t = useT(appMessages);
  useDocumentTitle(t('serverError.documentTitle'));
  return (
    <StatusPage code={500} title={t('serverError.title')} message={t('serverError.message')}>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {t('tryAgain')}
      </Button>
      <HomeLink href={homeHref} />
    </StatusPage>
  );
}
