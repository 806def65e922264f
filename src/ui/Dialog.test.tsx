// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './Dialog';

afterEach(cleanup);

describe('Dialog', () => {
  it('makes the page behind it inert when mounted already open, after another dialog has been shown', async () => {
    // Another dialog first: Headless UI's start-up is then over, as it is in the app by the time a screen opens one.
    render(<Dialog open onClose={() => undefined} title="Earlier" />);
    await screen.findByRole('dialog', { name: 'Earlier' });
    cleanup();

    const view = render(
      <>
        <p>The board</p>
        <Dialog open onClose={() => undefined} title="Assign ACME-1" />
      </>,
    );
    await screen.findByRole('dialog', { name: 'Assign ACME-1' });
    expect(view.container.closest('[inert], [aria-hidden="true"]')).not.toBeNull();
  });
});
