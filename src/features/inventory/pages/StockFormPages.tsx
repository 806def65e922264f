import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { PageHeader } from '../../../ui/PageHeader';
import { TransactionForm } from '../components/TransactionForm';
import { optionLabel, TRANSACTION_TOASTS, type TransactionType } from '../schema';

/** Add Stock: an opening receipt or an adjustment, recorded in the ledger like any other change. */
export function StockCreatePage() {
  const tenantId = useTenantId() ?? '';
  return (
    <div className="space-y-4">
      <PageHeader
        title="Add Stock"
        breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Inventory Stock', href: adminPaths.inventoryStock() }, { label: 'Add Stock' }]}
      />
      {tenantId && (
        <TransactionForm
          tenantId={tenantId}
          types={['receive', 'adjust']}
          typeLabel={(type: TransactionType) => (type === 'receive' ? 'Opening receipt' : 'Adjustment')}
          successMessage={TRANSACTION_TOASTS.stockAdded}
          then={adminPaths.inventoryStock()}
          label="Add stock"
        />
      )}
    </div>
  );
}

/** A manual ledger entry: receive, move, adjust (with a reason) or return. */
export function TransactionCreatePage() {
  const tenantId = useTenantId() ?? '';
  return (
    <div className="space-y-4">
      <PageHeader
        title="Create inventory transaction"
        breadcrumbs={[
          { label: 'Dashboard', href: '/' },
          { label: 'Inventory Transactions', href: adminPaths.inventoryTransactions() },
          { label: 'Create' },
        ]}
      />
      {tenantId && (
        <TransactionForm
          tenantId={tenantId}
          types={['receive', 'move', 'adjust', 'return']}
          typeLabel={optionLabel}
          successMessage={TRANSACTION_TOASTS.recorded}
          then={adminPaths.inventoryTransactions()}
          label="Create inventory transaction"
        />
      )}
    </div>
  );
}
