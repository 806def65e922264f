// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Breadcrumbs, type Crumb } from './Breadcrumbs';

afterEach(cleanup);

const trail: Crumb[] = [
  { label: 'Home', href: '/' },
  { label: 'Vehicles', href: '/vehicles' },
  { label: 'Van 12' },
];

function renderAt(items: readonly Crumb[], options: { path?: string; base?: string } = {}) {
  const location = memoryLocation({ path: options.path ?? '/vehicles/12', record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook} base={options.base ?? ''}>
      <Breadcrumbs items={items} />
    </Router>,
  );
  return location;
}

describe('Breadcrumbs', () => {
  it('is a navigation landmark named Breadcrumb with one list item per crumb', () => {
    renderAt(trail);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Home/', 'Vehicles/', 'Van 12']);
  });

  it('links every ancestor to its href', () => {
    renderAt(trail);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Vehicles' })).toHaveAttribute('href', '/vehicles');
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('marks the last crumb as the current page and does not link it, even with an href', () => {
    renderAt([{ label: 'Vehicles', href: '/vehicles' }, { label: 'Van 12', href: '/vehicles/12' }]);
    const current = screen.getByText('Van 12');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Van 12' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vehicles' })).not.toHaveAttribute('aria-current');
  });

  it('shows an ancestor without an href as plain text, not as the current page', () => {
    renderAt([{ label: 'Settings' }, { label: 'API keys' }]);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Settings')).not.toHaveAttribute('aria-current');
    expect(screen.getByText('API keys')).toHaveAttribute('aria-current', 'page');
  });

  it('hides the separators from assistive technology', () => {
    renderAt(trail);
    const separators = screen.getAllByText('/');
    expect(separators).toHaveLength(2);
    for (const separator of separators) expect(separator).toHaveAttribute('aria-hidden', 'true');
  });

  it('navigates in the app (no page load) when a crumb is clicked', async () => {
    const location = renderAt(trail);
    await userEvent.click(screen.getByRole('link', { name: 'Vehicles' }));
    expect(location.history).toEqual(['/vehicles/12', '/vehicles']);
  });

  it('prefixes hrefs with the router base', () => {
    renderAt(trail, { base: '/app', path: '/app/vehicles/12' });
    expect(screen.getByRole('link', { name: 'Vehicles' })).toHaveAttribute('href', '/app/vehicles');
  });
});
