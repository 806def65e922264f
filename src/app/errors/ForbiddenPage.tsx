import { useDocumentTitle } from '../../lib/document-title';
import { HomeLink, StatusPage } from './StatusPage';

export const FORBIDDEN_TITLE = 'Permission denied';
export const FORBIDDEN_MESSAGE = 'You do not have permission to access this page.';

/** A user on another role's area or another tenant's slug. `homeHref` defaults to the dashboard redirect. */
export function ForbiddenPage({ homeHref = '/dashboard' }: { homeHref?: string }) {
  useDocumentTitle('403 Permission denied | Error');
  return (
    <StatusPage code={403} title={FORBIDDEN_TITLE} message={FORBIDDEN_MESSAGE}>
      <HomeLink href={homeHref} />
    </StatusPage>
  );
}
