// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defineStatuses } from '../lib/status-vocabulary';
import { ActiveChip, Chip, StatusChip } from './Chip';

afterEach(cleanup);

describe('Chip', () => {
  it('shows its text, neutral by default, and keeps an extra class', () => {
    render(<Chip className="ml-2">Inactive</Chip>);
    const chip = screen.getByText('Inactive');
    expect(chip).toHaveAttribute('data-tone', 'neutral');
    expect(chip).toHaveClass('ml-2', 'bg-slate-100');
  });

  it('carries the tone it is given', () => {
    render(<Chip tone="success">Active</Chip>);
    const chip = screen.getByText('Active');
    expect(chip).toHaveAttribute('data-tone', 'success');
    expect(chip).toHaveClass('bg-emerald-100');
    expect(chip).not.toHaveClass('bg-slate-100');
  });

  it('is plain text, not a control', () => {
    render(<Chip tone="error">Rejected</Chip>);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Rejected').tagName).toBe('SPAN');
  });
});

type Status = 'completed' | 'rejected' | 'in_progress';

describe('StatusChip', () => {
  const tones = { completed: 'success', rejected: 'error' } as const;

  it('takes the tone from the map and humanizes the status', () => {
    render(<StatusChip<Status> status="completed" tones={tones} />);
    expect(screen.getByText('Completed')).toHaveAttribute('data-tone', 'success');
  });

  it('uses the fallback tone for an unmapped status and turns underscores into spaces', () => {
    render(<StatusChip<Status> status="in_progress" tones={tones} fallback="warning" />);
    expect(screen.getByText('In progress')).toHaveAttribute('data-tone', 'warning');
  });

  it('falls back to neutral when no fallback is given', () => {
    render(<StatusChip<Status> status="in_progress" tones={tones} />);
    expect(screen.getByText('In progress')).toHaveAttribute('data-tone', 'neutral');
  });

  it('prefers an explicit label over the humanized status', () => {
    render(<StatusChip<Status> status="rejected" tones={tones} labels={{ rejected: 'Declined by driver' }} />);
    expect(screen.getByText('Declined by driver')).toHaveAttribute('data-tone', 'error');
    expect(screen.queryByText('Rejected')).not.toBeInTheDocument();
  });
});

describe('StatusChip with a vocabulary', () => {
  const vocabulary = defineStatuses(['pending', 'in_transit'], { labels: { pending: 'Waiting', in_transit: 'In transit' }, tones: { pending: 'neutral', in_transit: 'info' } });

  it('says the status in the vocabulary’s words and colour', () => {
    render(<StatusChip vocabulary={vocabulary} status="in_transit" />);
    expect(screen.getByText('In transit')).toHaveAttribute('data-tone', 'info');
  });

  it('shows a status the vocabulary does not know in its own words, in grey', () => {
    render(<StatusChip vocabulary={vocabulary} status="on_hold" />);
    expect(screen.getByText('On hold')).toHaveAttribute('data-tone', 'neutral');
  });
});

describe('ActiveChip', () => {
  it('reads Active in green or Inactive in grey', () => {
    render(
      <>
        <ActiveChip active />
        <ActiveChip active={false} />
      </>,
    );
    expect(screen.getByText('Active')).toHaveAttribute('data-tone', 'success');
    expect(screen.getByText('Inactive')).toHaveAttribute('data-tone', 'neutral');
  });
});
