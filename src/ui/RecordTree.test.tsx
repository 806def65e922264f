// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defineStatuses } from '../lib/status-vocabulary';
import { buildTree, RecordTree } from './RecordTree';

afterEach(cleanup);

const rows = [
  { id: 'b', parent_id: 'z', code: 'Z1-A10', name: 'Aisle 10', status: 'active' },
  { id: 'a', parent_id: 'z', code: 'Z1-A2', name: 'Aisle 2', status: 'reserved' },
  { id: 'z', parent_id: null, code: 'Z1', name: 'Zone 1', status: 'active' },
  { id: 'o', parent_id: 'gone', code: 'Z9', name: 'Orphan', status: 'active' },
];

describe('buildTree', () => {
  it('nests rows under their parents, each level in numeric code order, orphans at the top', () => {
    const roots = buildTree(rows);
    expect(roots.map((r) => r.code)).toEqual(['Z1', 'Z9']);
    expect(roots[0]!.children.map((c) => c.code)).toEqual(['Z1-A2', 'Z1-A10']);
  });
});

describe('RecordTree', () => {
  const statuses = defineStatuses(['active', 'reserved'], { labels: { active: 'Active', reserved: 'Reserved' }, tones: { active: 'success', reserved: 'info' } });

  it('shows the top level open, each node linked, with its detail and its status where given', () => {
    render(
      <RecordTree
        rows={rows}
        label="Locations of Main"
        emptyText="Nothing yet."
        hrefOf={(node) => `/locations/${node.id}/edit`}
        detailOf={() => 'Aisle'}
        statusOf={(node) => (node.status === 'active' ? null : node.status)}
        statuses={statuses}
      />,
    );
    const tree = screen.getByRole('tree', { name: 'Locations of Main' });
    const aisle = within(tree).getByRole('treeitem', { name: 'Z1-A2 Aisle 2' });
    expect(within(aisle).getByRole('link')).toHaveAttribute('href', '/locations/a/edit');
    expect(within(aisle).getByText('Reserved')).toHaveAttribute('data-tone', 'info');
    expect(within(within(tree).getByRole('treeitem', { name: 'Z1-A10 Aisle 10' })).queryByText('Active')).not.toBeInTheDocument();
  });

  it('says so when there are no rows', () => {
    render(<RecordTree rows={[]} label="Locations" emptyText="No locations in this warehouse yet." hrefOf={() => '/'} />);
    expect(screen.getByText('No locations in this warehouse yet.')).toBeInTheDocument();
  });
});
