// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BarChart, niceMax, ticks } from './BarChart';

describe('BarChart', () => {
  afterEach(cleanup);

  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect([niceMax(0), niceMax(3), niceMax(13), niceMax(20), niceMax(48), niceMax(120)]).toEqual([1, 5, 20, 20, 50, 200]);
    expect(ticks(20)).toEqual([0, 5, 10, 15, 20]);
    expect(ticks(1)).toEqual([0, 1]);
  });

  it('is one named image with a summary, a tooltip per bar, and the numbers as a table', () => {
    render(
      <BarChart
        title="Completed deliveries per day"
        unit="completed deliveries"
        data={[
          { key: '2026-11-01', label: 'Nov 1', value: 3 },
          { key: '2026-11-02', label: 'Nov 2', value: 0 },
          { key: '2026-11-03', label: 'Nov 3', value: 7 },
        ]}
      />,
    );
    const image = screen.getByRole('img', { name: /Completed deliveries per day/ });
    expect(image).toHaveAccessibleName('Completed deliveries per day 10 completed deliveries from Nov 1 to Nov 3; at most 7 on one day');
    expect(screen.getAllByTestId('bar').map((bar) => bar.getAttribute('data-value'))).toEqual(['3', '0', '7']);
    expect(image.querySelectorAll('title')[2]?.textContent).toBe('Nov 3: 7 completed deliveries');
    const table = screen.getByRole('table', { name: 'Completed deliveries per day' });
    expect(within(table).getByRole('row', { name: 'Nov 3 7' })).toBeInTheDocument();
  });

  it('says so when there is nothing to draw', () => {
    render(<BarChart title="Empty" unit="things" data={[]} />);
    expect(screen.getByRole('img')).toHaveAccessibleName('Empty No data');
  });
});
