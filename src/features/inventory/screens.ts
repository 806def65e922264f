import { adminPaths } from '../../lib/paths';
import { lazyPage, screen } from '../../lib/screens';
import { ActivityIcon, ClipboardCheckIcon, ParcelIcon } from '../../ui/icons';

/** The inventory screens, in route and nav order (src/app/README.md). */
export const screens = [
  screen({ path: adminPaths.inventoryItems, page: lazyPage(() => import('./pages/InventoryItemsListPage'), 'InventoryItemsListPage'), nav: { group: 'warehousing', label: 'nav.inventoryItems', icon: ParcelIcon } }),
  screen({ path: adminPaths.inventoryItemCreate, page: lazyPage(() => import('./pages/InventoryItemFormPage'), 'InventoryItemCreatePage') }),
  screen({ path: adminPaths.inventoryItemEdit, page: lazyPage(() => import('./pages/InventoryItemFormPage'), 'InventoryItemEditPage') }),
  screen({ path: adminPaths.inventoryStock, page: lazyPage(() => import('./pages/InventoryStockListPage'), 'InventoryStockListPage'), nav: { group: 'warehousing', label: 'nav.inventoryStock', icon: ClipboardCheckIcon } }),
  screen({ path: adminPaths.inventoryStockCreate, page: lazyPage(() => import('./pages/StockFormPages'), 'StockCreatePage') }),
  screen({ path: adminPaths.inventoryTransactions, page: lazyPage(() => import('./pages/InventoryTransactionsListPage'), 'InventoryTransactionsListPage'), nav: { group: 'warehousing', label: 'nav.inventoryTransactions', icon: ActivityIcon } }),
  screen({ path: adminPaths.inventoryTransactionCreate, page: lazyPage(() => import('./pages/StockFormPages'), 'TransactionCreatePage') }),
];
