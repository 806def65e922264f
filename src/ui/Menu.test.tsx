// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Menu } from './Menu';

afterEach(cleanup);

describe('Menu', () => {
  it('shows a disabled item with its reason and does not run it', async () => {
    const edit = vi.fn();
    const revoke = vi.fn();
    render(
      <Menu
        label="Actions for Key A"
        items={[
          { label: 'Edit', onSelect: edit, disabled: true, reason: 'Inactive keys cannot be edited' },
          { label: 'Revoke', onSelect: revoke, destructive: true },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Key A' }));

    const editItem = await screen.findByRole('menuitem', { name: 'Edit' });
    expect(editItem).toHaveAttribute('aria-disabled', 'true');
    expect(editItem).toHaveAccessibleDescription('Inactive keys cannot be edited');
    await userEvent.click(editItem);
    expect(edit).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('menuitem', { name: 'Revoke' }));
    expect(revoke).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
