// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { NotFoundState } from './NotFoundState';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderAt(ui: ReactNode, options: { path?: string; base?: string } = {}) {
  const location = memoryLocation({ path: options.path ?? '/vehicles/42/edit', record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook} base={options.base ?? ''}>
      {ui}
    </Router>,
  );
  return location;
}

describe('NotFoundState', () => {
  it('announces the title and description as a status', () => {
    renderAt(<NotFoundState title="Vehicle not found" description="It may have been deleted." />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Vehicle not found');
    expect(status).toHaveTextContent('It may have been deleted.');
  });

  it('offers a Go back button by default and a custom label when given', () => {
    renderAt(<NotFoundState title="Vehicle not found" />);
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
    cleanup();
    renderAt(<NotFoundState title="Vehicle not found" backLabel="Back to vehicles" />);
    expect(screen.getByRole('button', { name: 'Back to vehicles' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go back' })).not.toBeInTheDocument();
  });

  it('navigates to backTo when given, without touching browser history', async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const location = renderAt(<NotFoundState title="Vehicle not found" backTo="/vehicles" />);
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(location.history).toEqual(['/vehicles/42/edit', '/vehicles']);
    expect(back).not.toHaveBeenCalled();
  });

  it('resolves backTo against the router base', async () => {
    const location = renderAt(<NotFoundState title="Vehicle not found" backTo="/vehicles" />, { base: '/app', path: '/app/vehicles/42/edit' });
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(location.history?.at(-1)).toBe('/app/vehicles');
  });

  it('goes back in history when there is somewhere to go back to', async () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(3);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const location = renderAt(<NotFoundState title="Vehicle not found" />);
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(back).toHaveBeenCalledTimes(1);
    expect(location.history).toEqual(['/vehicles/42/edit']);
  });

  it('goes home when the page was opened directly (no history)', async () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const location = renderAt(<NotFoundState title="Vehicle not found" />);
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(back).not.toHaveBeenCalled();
    expect(location.history).toEqual(['/vehicles/42/edit', '/']);
  });
});
