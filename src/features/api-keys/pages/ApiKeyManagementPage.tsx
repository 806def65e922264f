import { Link } from 'wouter';
import { useDocumentTitle } from '../../../lib/document-title';
import { useT } from '../../../lib/i18n/catalogue';
import { adminPaths } from '../../../lib/paths';
import { buttonClassName } from '../../../ui/Button';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { PageHeader } from '../../../ui/PageHeader';
import { ApiKeysTable } from '../components/ApiKeysTable';
import { apiKeyMessages } from '../messages';

/** api-key-management: the business's own API keys (each business user's are on their user page). */
export function ApiKeyManagementPage() {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const t = useT(apiKeyMessages);
  useDocumentTitle(t('page.documentTitle'));
  return (
    <div className="space-y-4">
      <PageHeader
        title={t('page.title')}
        breadcrumbs={[{ label: t('crumb.dashboard'), href: '/' }, { label: t('page.title') }]}
        actions={
          <Link href={adminPaths.apiReference()} className={buttonClassName('secondary')}>
            {t('page.reference')}
          </Link>
        }
      />
      <ApiKeysTable scope={{ tenantId, userId: null }} />
    </div>
  );
}

export default ApiKeyManagementPage;
