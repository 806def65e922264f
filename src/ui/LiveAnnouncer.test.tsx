// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { LiveAnnouncer, useAnnounce, type Announce } from './LiveAnnouncer';
import { ToastProvider, useToast, type ToastApi } from './toast';

afterEach(cleanup);

let announce: Announce = () => undefined;
let toast: ToastApi | null = null;
function Grab() {
  const said = useAnnounce();
  const toasts = useToast();
  useEffect(() => {
    announce = said;
    toast = toasts;
  });
  return null;
}

const region = () => screen.getByTestId('live-announcer');
/** Hidden from assistive technology: an ancestor made inert or aria-hidden by a modal dialog. */
const silenced = (element: HTMLElement) => element.closest('[aria-hidden="true"], [inert]') !== null;

describe('LiveAnnouncer', () => {
  it('says each message politely in one region, the same words again as a new node, and never moves focus', async () => {
    render(
      <ToastProvider>
        <LiveAnnouncer>
          <Grab />
          <Button>Keep me focused</Button>
        </LiveAnnouncer>
      </ToastProvider>,
    );
    const button = screen.getByRole('button', { name: 'Keep me focused' });
    button.focus();
    expect(region()).toHaveAttribute('aria-live', 'polite');
    expect(region()).toHaveAttribute('role', 'status');
    expect(screen.getAllByTestId('live-announcer')).toHaveLength(1);

    act(() => announce('New unassigned delivery ACME-1'));
    expect(region()).toHaveTextContent('New unassigned delivery ACME-1');
    const first = region().firstElementChild;
    act(() => announce('New unassigned delivery ACME-1'));
    expect(region().firstElementChild).not.toBe(first);
    expect(region()).toHaveTextContent('New unassigned delivery ACME-1');
    // Blank words say nothing.
    act(() => announce('   '));
    expect(region()).toHaveTextContent('New unassigned delivery ACME-1');
    expect(button).toHaveFocus();
  });

  it('is a no-op outside a LiveAnnouncer', () => {
    function Alone() {
      const said = useAnnounce();
      said('Nobody hears this');
      return <p>alone</p>;
    }
    render(<Alone />);
    expect(screen.queryByTestId('live-announcer')).toBeNull();
  });

  it('keeps the announcer and the toasts heard while a modal dialog makes the page inert', async () => {
    function Page() {
      return (
        <Dialog open onClose={() => undefined} title="Assign ACME-1">
          <p>Choose a driver</p>
        </Dialog>
      );
    }
    const view = render(
      <ToastProvider>
        <LiveAnnouncer>
          <Grab />
          <p>The board</p>
          <Page />
        </LiveAnnouncer>
      </ToastProvider>,
    );
    await screen.findByRole('dialog', { name: 'Assign ACME-1' });
    // The page behind the dialog is hidden from assistive technology...
    await userEvent.keyboard('{Tab}');
    expect(silenced(view.container)).toBe(true);
    // ...the announcer and the toasts are not.
    act(() => announce('Grace Liu accepted ACME-1'));
    act(() => toast!.success('Assigned ACME-1 to Grace Liu'));
    expect(silenced(region())).toBe(false);
    const shown = screen.getByTestId('toast');
    expect(shown).toHaveTextContent('Assigned ACME-1 to Grace Liu');
    expect(silenced(shown)).toBe(false);
  });
});
