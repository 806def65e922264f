import { useDocumentTitle } from '../../lib/document-title';
import { useT } from '../../lib/i18n/catalogue';
import { DASHBOARD_PATH } from '../../lib/paths';
import { appMessages } from '../messages';
import { SimpleLayout } from '../layouts/SimpleLayout';
import { HomeLink, StatusPage } from './StatusPage';

export function NotFoundPage() {
  const t = useT(appMessages);
  useDocumentTitle(t('notFound.documentTitle'));
  return (
    <SimpleLayout>
      <StatusPage
        code={404}
        title={t('notFound.title')}
        message={t('notFound.message')}
      >
        <HomeLink href={DASHBOARD_PATH} />
      </StatusPage>
    </SimpleLayout>
  );
}
