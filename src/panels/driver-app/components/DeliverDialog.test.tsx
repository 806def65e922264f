// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliverySettings, DriverTask } from '../schema';
import { DeliverDialog } from './DeliverDialog';

const task = {
  id: 'd1',
  delivery_code: 'ACME-000123',
  dropoff_address: { full_address: '1 Market St, San Francisco' },
  cod_amount: 0,
  currency: 'USD',
} as DriverTask;

function settings(proof: DeliverySettings['proof']): DeliverySettings {
  return { proof, failure_reasons: ['Recipient not available'] };
}

afterEach(cleanup);

describe('the deliver sheet follows the tenant proof settings', () => {
  it('hides what is off, marks what is required, and refuses to complete without it', async () => {
    const onComplete = vi.fn();
    render(
      <DeliverDialog
        task={task}
        settings={settings({ signature: 'off', photo: 'required', recipient_name: 'optional', notes: 'off' })}
        open
        onClose={() => undefined}
        onComplete={onComplete}
      />,
    );
    expect(screen.queryByTestId('signature-pad')).toBeNull();
    expect(screen.queryByLabelText('Delivery notes')).toBeNull();
    expect(screen.getByLabelText('Photo')).toBeInTheDocument();
    expect(screen.getByLabelText("Recipient's name")).not.toBeRequired();

    await userEvent.click(screen.getByRole('button', { name: 'Complete delivery' }));
    expect(await screen.findByText('A photo is required')).toBeInTheDocument();
    expect(onComplete).not.toHaveBeenCalled();

    await userEvent.upload(screen.getByLabelText('Photo'), new File([new Uint8Array(8)], 'door.png', { type: 'image/png' }));
    await userEvent.type(screen.getByLabelText("Recipient's name"), 'Carla');
    await userEvent.click(screen.getByRole('button', { name: 'Complete delivery' }));
    expect(onComplete).toHaveBeenCalledWith(expect.objectContaining({ recipientName: 'Carla', photos: [expect.any(File)] }));
  });

  it('asks to confirm the cash when the delivery collects some', async () => {
    const onComplete = vi.fn();
    render(
      <DeliverDialog
        task={{ ...task, cod_amount: 25 }}
        settings={settings({ signature: 'off', photo: 'off', recipient_name: 'off', notes: 'off' })}
        open
        onClose={() => undefined}
        onComplete={onComplete}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Complete delivery' }));
    expect(await screen.findByText('Confirm that you collected the cash')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /I collected \$25\.00 in cash/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete delivery' }));
    expect(onComplete).toHaveBeenCalledWith(expect.objectContaining({ cashConfirmed: true }));
  });
});
