// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readTenantSettings } from '../../../lib/tenant-settings';
import { ToastProvider } from '../../../ui/toast';
import { savePickingSettings } from '../api';
import { PickingSettingsForm } from './PickingSettingsForm';

vi.mock('../api', () => ({ savePickingSettings: vi.fn(async () => undefined) }));

afterEach(() => {
  cleanup();
  vi.mocked(savePickingSettings).mockClear();
});

function renderForm(stored: unknown) {
  render(
    <ToastProvider>
      <PickingSettingsForm tenantId="t1" settings={readTenantSettings({ picking: stored })} />
    </ToastProvider>,
  );
}

describe('the batch picking defaults', () => {
  it('opens on the stored caps, or the house defaults when none are stored', () => {
    renderForm({ max_orders: 6, max_lines: 25 });
    expect(screen.getByRole('spinbutton', { name: /Max orders per batch/ })).toHaveValue(6);
    expect(screen.getByRole('spinbutton', { name: /Max lines per batch/ })).toHaveValue(25);
    cleanup();
    renderForm(undefined);
    expect(screen.getByRole('spinbutton', { name: /Max orders per batch/ })).toHaveValue(10);
    expect(screen.getByRole('spinbutton', { name: /Max lines per batch/ })).toHaveValue(40);
  });

  it('refuses caps out of bounds and saves nothing', async () => {
    renderForm({});
    const orders = screen.getByRole('spinbutton', { name: /Max orders per batch/ });
    const lines = screen.getByRole('spinbutton', { name: /Max lines per batch/ });
    await userEvent.clear(orders);
    await userEvent.type(orders, '1');
    await userEvent.clear(lines);
    await userEvent.type(lines, '201');
    await userEvent.click(screen.getByRole('button', { name: 'Save picking defaults' }));
    expect(await screen.findByText('Max orders must be a whole number from 2 to 50')).toBeInTheDocument();
    expect(screen.getByText('Max lines must be a whole number from 1 to 200')).toBeInTheDocument();
    await userEvent.clear(orders);
    await userEvent.type(orders, '2.5');
    await userEvent.clear(lines);
    await userEvent.click(screen.getByRole('button', { name: 'Save picking defaults' }));
    expect(await screen.findByText('Max orders must be a whole number from 2 to 50')).toBeInTheDocument();
    expect(screen.getByText('Max lines must be a whole number from 1 to 200')).toBeInTheDocument();
    expect(savePickingSettings).not.toHaveBeenCalled();
  });

  it('saves whole numbers within the bounds and says so', async () => {
    renderForm({});
    const orders = screen.getByRole('spinbutton', { name: /Max orders per batch/ });
    await userEvent.clear(orders);
    await userEvent.type(orders, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save picking defaults' }));
    expect(await screen.findByText('Picking defaults saved successfully')).toBeInTheDocument();
    expect(savePickingSettings).toHaveBeenCalledWith('t1', { picking: { max_orders: 12, max_lines: 40 } });
  });
});
