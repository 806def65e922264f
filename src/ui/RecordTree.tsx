import { useMemo, useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { useT } from '../lib/i18n/catalogue';
import type { StatusVocabulary } from '../lib/status-vocabulary';
import { StatusChip } from './Chip';
import { ErrorState } from './ErrorState';
import { Skeleton } from './Skeleton';
import { uiMessages } from './messages';
import { useRecordLoad } from '../lib/use-record-load';

/** A row of a hierarchy kept as parent ids (a warehouse's zones, aisles, shelves and bins). */
export interface TreeRow {
  id: string;
  parent_id: string | null;
  code: string;
  name: string;
}

type TreeNode<T extends TreeRow> = T & { children: TreeNode<T>[] };

/** The flat rows as a forest (rows without a known parent at the top), each level in code order. */
export function buildTree<T extends TreeRow>(rows: readonly T[]): TreeNode<T>[] {
  const byId = new Map<string, TreeNode<T>>();
  for (const row of rows) byId.set(row.id, { ...row, children: [] });
  const roots: TreeNode<T>[] = [];
  for (const node of byId.values()) {
    const parent = node.parent_id ? byId.get(node.parent_id) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const sort = (nodes: TreeNode<T>[]) => {
    nodes.sort((a, b) => a.code.localeCompare(b.code, undefined, { numeric: true }));
    nodes.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

export interface RecordTreeProps<T extends TreeRow> {
  rows: readonly T[];
  /** Where a node's name links to (its edit screen). */
  hrefOf: (node: T) => string;
  label: string;
  /** A short grey word after a node's name (its type). */
  detailOf?: (node: T) => string;
  /** A node's status, shown as a chip in `statuses`' words and colours; null shows none. */
  statusOf?: (node: T) => string | null;
  statuses?: Pick<StatusVocabulary, 'label' | 'tone' | 'words'>;
  /** What shows when there are no rows. */
  emptyText: string;
}

/**
 * A hierarchy as an ARIA tree: the top level open at first; arrow keys move between visible items,
 * Right/Left open and close, Enter follows the link.
 */
export function RecordTree<T extends TreeRow>({ rows, label, emptyText, ...item }: RecordTreeProps<T>) {
  const roots = useMemo(() => buildTree(rows), [rows]);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(roots.map((r) => r.id)));
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="treeitem"] > div > a'));
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    const item = items[index]?.closest<HTMLElement>('[role="treeitem"]');
    const id = item?.dataset.id;
    if (event.key === 'ArrowDown') items[index + 1]?.focus();
    else if (event.key === 'ArrowUp') items[index - 1]?.focus();
    else if (event.key === 'ArrowRight' && id && item?.getAttribute('aria-expanded') === 'false') toggle(id);
    else if (event.key === 'ArrowLeft' && id && item?.getAttribute('aria-expanded') === 'true') toggle(id);
    else return;
    event.preventDefault();
  }

  if (roots.length === 0) return <p className="px-2 py-6 text-center text-sm text-slate-500">{emptyText}</p>;
  return (
    <ul role="tree" aria-label={label} className="space-y-0.5 text-sm" onKeyDown={onKeyDown}>
      {roots.map((node) => (
        <TreeItem key={node.id} node={node} level={1} open={open} toggle={toggle} {...item} />
      ))}
    </ul>
  );
}

type TreeItemProps<T extends TreeRow> = Pick<RecordTreeProps<T>, 'hrefOf' | 'detailOf' | 'statusOf' | 'statuses'> & {
  node: TreeNode<T>;
  level: number;
  open: ReadonlySet<string>;
  toggle: (id: string) => void;
};

function TreeItem<T extends TreeRow>({ node, level, open, toggle, ...item }: TreeItemProps<T>) {
  const t = useT(uiMessages);
  const { hrefOf, detailOf, statusOf, statuses } = item;
  const hasChildren = node.children.length > 0;
  const expanded = open.has(node.id);
  const status = statusOf?.(node) ?? null;
  return (
    <li role="treeitem" aria-level={level} aria-expanded={hasChildren ? expanded : undefined} data-id={node.id} aria-label={`${node.code} ${node.name}`}>
      <div className="flex items-center gap-1.5 rounded px-1 py-0.5 hover:bg-slate-50 dark:hover:bg-slate-800/60">
        {hasChildren ? (
          <button
            type="button"
            tabIndex={-1}
            onClick={() => toggle(node.id)}
            aria-label={expanded ? t('tree.collapse', { code: node.code }) : t('tree.expand', { code: node.code })}
            className="inline-flex size-5 items-center justify-center rounded text-slate-500 hover:bg-slate-200 dark:hover:bg-slate-700"
          >
            <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
          </button>
        ) : (
          <span className="inline-block size-5" aria-hidden="true" />
        )}
        <Link href={hrefOf(node)} className="min-w-0 flex-1 truncate hover:underline">
          <span className="font-mono text-xs font-semibold">{node.code}</span> <span className="text-slate-600 dark:text-slate-300">{node.name}</span>
        </Link>
        {detailOf && <span className="hidden text-xs text-slate-500 sm:inline dark:text-slate-400">{detailOf(node)}</span>}
        {status !== null && statuses && <StatusChip vocabulary={statuses} status={status} />}
      </div>
      {hasChildren && expanded && (
        <ul role="group" className="ml-4 border-l border-slate-200 pl-1 dark:border-slate-700">
          {node.children.map((child) => (
            <TreeItem key={child.id} node={child} level={level + 1} open={open} toggle={toggle} {...item} />
          ))}
        </ul>
      )}
    </li>
  );
}

export interface LoadedTreeProps<T extends TreeRow> extends Omit<RecordTreeProps<T>, 'rows'> {
  /** What the rows depend on (e.g. `${tenantId}/${warehouseId}`): they are read again when it changes. */
  loadKey: string;
  load: () => Promise<T[]>;
  loadingLabel: string;
  failedTitle: string;
}

/** A tree read on its own: skeleton lines while loading, an error with Retry, then the tree (anew for another key). */
export function LoadedTree<T extends TreeRow>({ loadKey, load, loadingLabel, failedTitle, ...tree }: LoadedTreeProps<T>) {
  const { state, retry } = useRecordLoad(loadKey, load);
  if (state.status === 'loading' || state.status === 'missing') {
    return (
      <div className="space-y-2" aria-busy="true" aria-label={loadingLabel}>
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    );
  }
  if (state.status === 'failed') return <ErrorState title={failedTitle} onRetry={retry} />;
  return <RecordTree key={loadKey} rows={state.record} {...tree} />;
}
