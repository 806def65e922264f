import { useDocumentTitle } from '../../lib/document-title';
import { DASHBOARD_PATH } from '../../lib/paths';
import { SimpleLayout } from '../layouts/SimpleLayout';
import { HomeLink, StatusPage } from './StatusPage';

export function NotFoundPage() {
  useDocumentTitle('404 page not found! | Error');
  return (
    <SimpleLayout>
      <StatusPage
        code={404}
        title="Sorry, page not found!"
        message="Sorry, we couldn’t find the page you’re looking for. Perhaps you’ve mistyped the URL? Be sure to check your spelling."
      >
        <HomeLink href={DASHBOARD_PATH} />
      </StatusPage>
    </SimpleLayout>
  );
}
