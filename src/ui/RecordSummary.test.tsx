// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordSummary, SummaryItem, SummaryLink } from './RecordSummary';

afterEach(cleanup);

describe('RecordSummary', () => {
  it('shows each term with its value, a note under it only when there is one, and links by href', () => {
    render(
      <RecordSummary columns={4}>
        <SummaryItem term="Delivery" note="Noah Customer">
          <SummaryLink href="/deliveries/d1">ACME-1</SummaryLink>
        </SummaryItem>
        <SummaryItem term="Assigned to" note={null}>
          Unassigned
        </SummaryItem>
        <SummaryItem term="Collect from" wide>
          1 Market St
        </SummaryItem>
      </RecordSummary>,
    );
    const list = screen.getByText('Delivery').closest('dl')!;
    expect(list.className).toContain('sm:grid-cols-4');
    expect([...list.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Delivery', 'Assigned to', 'Collect from']);
    expect([...list.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['ACME-1Noah Customer', 'Unassigned', '1 Market St']);
    expect(screen.getByRole('link', { name: 'ACME-1' })).toHaveAttribute('href', '/deliveries/d1');
    expect(screen.getByText('1 Market St').parentElement!.className).toBe('sm:col-span-2');
  });
});
