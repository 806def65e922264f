import { useDocumentTitle } from '../../lib/document-title';
import { Button } from '../../ui/Button';
import { HomeLink, StatusPage } from './StatusPage';

export const SERVER_ERROR_TITLE = 'Internal server error';
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment; if it keeps happening, contact your administrator.';

/** The 500 page (its texts are not in the spec). */
export function ServerErrorPage({ homeHref = '/dashboard' }: { homeHref?: string }) {
  useDocumentTitle('500 Internal server error | Error');
  return (
    <StatusPage code={500} title={SERVER_ERROR_TITLE} message={SERVER_ERROR_MESSAGE}>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        Try again
      </Button>
      <HomeLink href={homeHref} />
    </StatusPage>
  );
}
