export { DataTable, type DataTableColumn, type DataTableProps } from './DataTable';
export { ServerDataTable, type ServerDataTableProps } from './ServerDataTable';
export { DetailCell, type DetailCellProps } from './DetailCell';
export { FilterActive, type FilterActiveProps } from './FilterActive';
export { FilterCheckboxes, type FilterCheckboxesProps } from './FilterCheckboxes';
export { FilterDate, type FilterDateProps } from './FilterDate';
export { FilterRange, type FilterRangeEnd, type FilterRangeProps } from './FilterRange';
export { FilterDateRange, type FilterDateRangeProps } from './FilterDateRange';
export { FilterNumberRange, type FilterNumberRangeProps } from './FilterNumberRange';
export { FilterText, type FilterTextProps } from './FilterText';
export { FilterDrawer, type FilterDrawerProps } from './FilterDrawer';
export { FilterSelect, type FilterSelectOption, type FilterSelectProps } from './FilterSelect';
export { Pagination, type PaginationProps } from './Pagination';
export { SearchBox, SEARCH_DEBOUNCE_MS, type SearchBoxProps } from './SearchBox';
/** A row's action: the shared menu's item (src/ui/Menu.tsx). */
export type { MenuAction as RowAction } from '../Menu';
export { filterField, type FilterField, type FilterFieldsArgs } from './filter-field';
