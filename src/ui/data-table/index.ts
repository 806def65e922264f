export { DataTable, type DataTableColumn, type DataTableProps } from './DataTable';
export { FilterDrawer, type FilterDrawerProps } from './FilterDrawer';
export { Pagination, type PaginationProps } from './Pagination';
export { RowActionsMenu, type RowAction } from './RowActionsMenu';
export { SearchBox, SEARCH_DEBOUNCE_MS, type SearchBoxProps } from './SearchBox';
