import { Link } from 'wouter';
import { useDocumentTitle } from '../../../lib/document-title';
import { adminPaths } from '../../../lib/paths';
import { buttonClassName } from '../../../ui/Button';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { PageHeader } from '../../../ui/PageHeader';
import { ApiKeysTable } from '../components/ApiKeysTable';

/** api-key-management: the business's own API keys (each business user's are on their user page). */
export function ApiKeyManagementPage() {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  useDocumentTitle('API keys | Waypost');
  return (
    <div className="space-y-4">
      <PageHeader
        title="API keys"
        breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'API keys' }]}
        actions={
          <Link href={adminPaths.apiReference()} className={buttonClassName('secondary')}>
            API reference
          </Link>
        }
      />
      <ApiKeysTable scope={{ tenantId, userId: null }} />
    </div>
  );
}

export default ApiKeyManagementPage;
