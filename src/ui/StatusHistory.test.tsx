// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defineStatuses } from '../lib/status-vocabulary';
import { StatusHistory } from './StatusHistory';

afterEach(cleanup);

const vocabulary = defineStatuses(['open', 'investigating', 'resolved'], {
  tones: { open: 'error', investigating: 'warning', resolved: 'success' },
  labels: { open: 'Open', investigating: 'Investigating', resolved: 'Resolved' },
});

describe('StatusHistory', () => {
  it('lists each move oldest first: the status, who, when and the note', () => {
    render(
      <StatusHistory
        entries={[
          { id: '1', from_status: null, status: 'open', note: null, actor_name: 'Derek Driver', occurred_at: '2026-11-20T10:00:00Z' },
          { id: '2', from_status: 'open', status: 'investigating', note: 'Called the customer', actor_name: 'Dana Dispatcher', occurred_at: '2026-11-20T11:00:00Z' },
          { id: '3', from_status: 'investigating', status: 'resolved', note: null, actor_name: null, occurred_at: '2026-11-20T12:00:00Z' },
        ]}
        vocabulary={vocabulary}
        createdLabel="Reported"
        now={new Date('2026-11-20T13:00:00Z')}
      />,
    );
    const items = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Open');
    expect(items[0]).toHaveTextContent('Reported by Derek Driver');
    expect(items[1]).toHaveTextContent('Investigating');
    expect(items[1]).toHaveTextContent('by Dana Dispatcher');
    expect(items[1]).toHaveTextContent('Called the customer');
    expect(items[1]).toHaveTextContent('2 hours ago');
    expect(items[2]).toHaveTextContent('by the system');
    expect(within(items[2]!).getByText('Resolved')).toHaveAttribute('data-tone', 'success');
  });

  it('says when nothing is recorded', () => {
    render(<StatusHistory entries={[]} vocabulary={vocabulary} createdLabel="Reported" />);
    expect(screen.getByText('No changes recorded yet.')).toBeInTheDocument();
  });
});
