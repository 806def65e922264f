import { useMemo, useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { optionLabel, type LocationNode } from '../schema';
import { locationStatus } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';

interface TreeNode extends LocationNode {
  children: TreeNode[];
}

/** The flat rows of one warehouse as a forest (zones at the top), each level in code order. */
export function buildLocationTree(rows: readonly LocationNode[]): TreeNode[] {
  const byId = new Map<string, TreeNode>();
  for (const row of rows) byId.set(row.id, { ...row, children: [] });
  const roots: TreeNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parent_id ? byId.get(node.parent_id) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const sort = (nodes: TreeNode[]) => {
    nodes.sort((a, b) => a.code.localeCompare(b.code, undefined, { numeric: true }));
    nodes.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

export interface LocationTreeProps {
  rows: readonly LocationNode[];
  /** Where a node's name links to (its edit screen). */
  hrefOf: (node: LocationNode) => string;
  label: string;
}

/**
 * A warehouse's zone > aisle > shelf > bin tree (an ARIA tree): zones open at first; arrow keys
 * move between visible items, Right/Left open and close, Enter follows the link.
 */
export function LocationTree({ rows, hrefOf, label }: LocationTreeProps) {
  const roots = useMemo(() => buildLocationTree(rows), [rows]);
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

  if (roots.length === 0) return <p className="px-2 py-6 text-center text-sm text-slate-500">No locations in this warehouse yet.</p>;
  return (
    <ul role="tree" aria-label={label} className="space-y-0.5 text-sm" onKeyDown={onKeyDown}>
      {roots.map((node) => (
        <TreeItem key={node.id} node={node} level={1} open={open} toggle={toggle} hrefOf={hrefOf} />
      ))}
    </ul>
  );
}

function TreeItem({
  node,
  level,
  open,
  toggle,
  hrefOf,
}: {
  node: TreeNode;
  level: number;
  open: ReadonlySet<string>;
  toggle: (id: string) => void;
  hrefOf: (node: LocationNode) => string;
}) {
  const hasChildren = node.children.length > 0;
  const expanded = open.has(node.id);
  return (
    <li role="treeitem" aria-level={level} aria-expanded={hasChildren ? expanded : undefined} data-id={node.id} aria-label={`${node.code} ${node.name}`}>
      <div className="flex items-center gap-1.5 rounded px-1 py-0.5 hover:bg-slate-50 dark:hover:bg-slate-800/60">
        {hasChildren ? (
          <button
            type="button"
            tabIndex={-1}
            onClick={() => toggle(node.id)}
            aria-label={`${expanded ? 'Collapse' : 'Expand'} ${node.code}`}
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
        <span className="hidden text-xs text-slate-400 sm:inline">{optionLabel(node.location_type)}</span>
        {node.status !== 'active' && <StatusChip vocabulary={locationStatus} status={node.status} />}
      </div>
      {hasChildren && expanded && (
        <ul role="group" className="ml-4 border-l border-slate-200 pl-1 dark:border-slate-700">
          {node.children.map((child) => (
            <TreeItem key={child.id} node={child} level={level + 1} open={open} toggle={toggle} hrefOf={hrefOf} />
          ))}
        </ul>
      )}
    </li>
  );
}
