import { useT } from '../../../lib/i18n/catalogue';
import { navMessages } from '../../../lib/nav/messages';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { uiMessages } from '../../../ui/messages';
import { PageHeader } from '../../../ui/PageHeader';
import { TransactionForm, type TransactionFormProps } from '../components/TransactionForm';
import type { TransactionType } from '../schema';
import { useInventoryWords } from '../words';

/** A page that records one ledger entry: the header with its breadcrumbs (Dashboard, the list, `crumb`), then the form once the tenant is known. */
function LedgerEntryPage({ title, list, crumb, form }: { title: string; list: { label: string; href: string }; crumb: string; form: Omit<TransactionFormProps, 'tenantId'> }) {
  const tenantId = useTenantId() ?? '';
  const ui = useT(uiMessages);
  return (
    <div className="space-y-4">
      <PageHeader title={title} breadcrumbs={[{ label: ui('record.dashboard'), href: '/' }, list, { label: crumb }]} />
      {tenantId && <TransactionForm tenantId={tenantId} {...form} />}
    </div>
  );
}

/** Add Stock: an opening receipt or an adjustment, recorded in the ledger like any other change. */
export function StockCreatePage() {
  const { t } = useInventoryWords();
  const nav = useT(navMessages);
  return (
    <LedgerEntryPage
      title={t('stock.add')}
      list={{ label: nav('nav.inventoryStock'), href: adminPaths.inventoryStock() }}
      crumb={t('stock.add')}
      form={{
        types: ['receive', 'adjust'],
        typeLabel: (type: TransactionType) => (type === 'receive' ? t('stock.openingReceipt') : t('stock.adjustment')),
        successMessage: t('toast.stockAdded'),
        then: adminPaths.inventoryStock(),
        label: t('stock.addLabel'),
      }}
    />
  );
}

/** A manual ledger entry: receive, move, adjust (with a reason) or return. */
export function TransactionCreatePage() {
  const { t } = useInventoryWords();
  const nav = useT(navMessages);
  return (
    <LedgerEntryPage
      title={t('tx.create')}
      list={{ label: nav('nav.inventoryTransactions'), href: adminPaths.inventoryTransactions() }}
      crumb={t('tx.crumbCreate')}
      form={{ types: ['receive', 'move', 'adjust', 'return'], successMessage: t('toast.recorded'), then: adminPaths.inventoryTransactions(), label: t('tx.create') }}
    />
  );
}
