import { useT } from '../../../lib/i18n/catalogue';
import { navMessages } from '../../../lib/nav/messages';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { uiMessages } from '../../../ui/messages';
import { PageHeader } from '../../../ui/PageHeader';
import { TransactionForm } from '../components/TransactionForm';
import type { TransactionType } from '../schema';
import { useInventoryWords } from '../words';

/** Add Stock: an opening receipt or an adjustment, recorded in the ledger like any other change. */
export function StockCreatePage() {
  const tenantId = useTenantId() ?? '';
  const { t } = useInventoryWords();
  const nav = useT(navMessages);
  const ui = useT(uiMessages);
  return (
    <div className="space-y-4">
      <PageHeader
        title={t('stock.add')}
        breadcrumbs={[{ label: ui('record.dashboard'), href: '/' }, { label: nav('nav.inventoryStock'), href: adminPaths.inventoryStock() }, { label: t('stock.add') }]}
      />
      {tenantId && (
        <TransactionForm
          tenantId={tenantId}
          types={['receive', 'adjust']}
          typeLabel={(type: TransactionType) => (type === 'receive' ? t('stock.openingReceipt') : t('stock.adjustment'))}
          successMessage={t('toast.stockAdded')}
          then={adminPaths.inventoryStock()}
          label={t('stock.addLabel')}
        />
      )}
    </div>
  );
}

/** A manual ledger entry: receive, move, adjust (with a reason) or return. */
export function TransactionCreatePage() {
  const tenantId = useTenantId() ?? '';
  const { t } = useInventoryWords();
  const nav = useT(navMessages);
  const ui = useT(uiMessages);
  return (
    <div className="space-y-4">
      <PageHeader
        title={t('tx.create')}
        breadcrumbs={[
          { label: ui('record.dashboard'), href: '/' },
          { label: nav('nav.inventoryTransactions'), href: adminPaths.inventoryTransactions() },
          { label: t('tx.crumbCreate') },
        ]}
      />
      {tenantId && (
        <TransactionForm
          tenantId={tenantId}
          types={['receive', 'move', 'adjust', 'return']}
          successMessage={t('toast.recorded')}
          then={adminPaths.inventoryTransactions()}
          label={t('tx.create')}
        />
      )}
    </div>
  );
}
