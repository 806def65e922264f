// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { PageHeader } from './PageHeader';

afterEach(cleanup);

function renderInRouter(ui: ReactNode) {
  const location = memoryLocation({ path: '/vehicles/new' });
  return render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {ui}
    </Router>,
  );
}

describe('PageHeader', () => {
  it("renders the title as the page's only level-1 heading", () => {
    renderInRouter(<PageHeader title="Vehicles" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Vehicles' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading')).toHaveLength(1);
  });

  it('shows no breadcrumb trail, description or actions when none are given', () => {
    const { container } = renderInRouter(<PageHeader title="Vehicles" breadcrumbs={[]} />);
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    expect(container.querySelector('p')).toBeNull();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows breadcrumbs when given', () => {
    renderInRouter(<PageHeader title="New vehicle" breadcrumbs={[{ label: 'Vehicles', href: '/vehicles' }, { label: 'New vehicle' }]} />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vehicles' })).toHaveAttribute('href', '/vehicles');
  });

  it('shows the description', () => {
    renderInRouter(<PageHeader title="Vehicles" description="Every vehicle in your fleet." />);
    expect(screen.getByText('Every vehicle in your fleet.')).toBeInTheDocument();
  });

  it('renders the actions slot inside the header and its controls work', async () => {
    const add = vi.fn();
    const { container } = renderInRouter(
      <PageHeader
        title="Vehicles"
        actions={
          <button type="button" onClick={add}>
            Add vehicle
          </button>
        }
      />,
    );
    const button = screen.getByRole('button', { name: 'Add vehicle' });
    expect(container.querySelector('header')).toContainElement(button);
    await userEvent.click(button);
    expect(add).toHaveBeenCalledTimes(1);
  });
});
