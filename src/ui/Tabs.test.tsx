// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Tabs, type TabItem } from './Tabs';

afterEach(cleanup);

const tabs: TabItem[] = [
  { key: '', label: 'Details', content: <p>Details panel</p> },
  { key: 'documents', label: 'Documents', content: <p>Documents panel</p> },
  { key: 'history', label: 'History', content: <p>History panel</p> },
];

const withDisabled: TabItem[] = [
  { key: 'a', label: 'Alpha', content: <p>Alpha panel</p> },
  { key: 'b', label: 'Beta', content: <p>Beta panel</p>, disabled: true },
  { key: 'c', label: 'Gamma', content: <p>Gamma panel</p> },
];

function expectSelected(name: string, panel: string) {
  const tab = screen.getByRole('tab', { name });
  expect(tab).toHaveAttribute('aria-selected', 'true');
  for (const other of screen.getAllByRole('tab')) if (other !== tab) expect(other).toHaveAttribute('aria-selected', 'false');
  expect(screen.getByRole('tabpanel', { name })).toHaveTextContent(panel);
  expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
}

/** Renders inside a memory router so the URL can be read; `record` keeps the history. */
function renderWithUrl(ui: ReactNode, initial = '/vehicles/1') {
  const location = memoryLocation({ path: initial, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {ui}
    </Router>,
  );
  return location;
}

describe('Tabs (local state)', () => {
  it('renders a named tab list and shows the first tab', () => {
    renderWithUrl(<Tabs tabs={tabs} label="Vehicle sections" />);
    expect(screen.getByRole('tablist', { name: 'Vehicle sections' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Details', 'Documents', 'History']);
    expectSelected('Details', 'Details panel');
    expect(screen.queryByText('Documents panel')).not.toBeInTheDocument();
  });

  it('starts on defaultKey', () => {
    renderWithUrl(<Tabs tabs={tabs} defaultKey="history" />);
    expectSelected('History', 'History panel');
  });

  it('falls back to the first tab when defaultKey is unknown', () => {
    renderWithUrl(<Tabs tabs={tabs} defaultKey="nope" />);
    expectSelected('Details', 'Details panel');
  });

  it('switches panels on click without touching the URL', async () => {
    const location = renderWithUrl(<Tabs tabs={tabs} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Documents' }));
    expectSelected('Documents', 'Documents panel');
    expect(location.history).toEqual(['/vehicles/1']);
  });

  it('moves with the arrow keys, wrapping around, and Home/End jump to the ends', async () => {
    renderWithUrl(<Tabs tabs={tabs} />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveFocus();

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Documents' })).toHaveFocus();
    expectSelected('Documents', 'Documents panel');

    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveFocus();
    expectSelected('Details', 'Details panel');

    await userEvent.keyboard('{ArrowLeft}');
    expectSelected('History', 'History panel');

    await userEvent.keyboard('{Home}');
    expectSelected('Details', 'Details panel');
    await userEvent.keyboard('{End}');
    expectSelected('History', 'History panel');
  });

  it('keeps only the selected tab in the Tab order', async () => {
    renderWithUrl(
      <>
        <Tabs tabs={tabs} />
        <button type="button">After</button>
      </>,
    );
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Documents' })).not.toHaveFocus();
    expect(screen.getByRole('tab', { name: 'History' })).not.toHaveFocus();
  });

  it('skips a disabled tab with the arrow keys and ignores clicks on it', async () => {
    renderWithUrl(<Tabs tabs={withDisabled} />);
    expect(screen.getByRole('tab', { name: 'Beta' })).toBeDisabled();

    await userEvent.click(screen.getByRole('tab', { name: 'Beta' }));
    expectSelected('Alpha', 'Alpha panel');

    await userEvent.click(screen.getByRole('tab', { name: 'Alpha' }));
    await userEvent.keyboard('{ArrowRight}');
    // Selection skips the disabled tab. (Focus is not asserted: jsdom, unlike browsers, lets a
    // disabled button with a tabindex take focus, so Headless UI's focus walk stops on it there.)
    expectSelected('Gamma', 'Gamma panel');
  });
});

describe('Tabs (bound to a query parameter)', () => {
  it('reads the selected tab from the URL', () => {
    renderWithUrl(<Tabs tabs={tabs} queryParam="tab" />, '/vehicles/1?tab=history');
    expectSelected('History', 'History panel');
  });

  it('shows the default tab when the parameter is absent or unknown', () => {
    renderWithUrl(<Tabs tabs={tabs} queryParam="tab" />, '/vehicles/1?tab=bogus');
    expectSelected('Details', 'Details panel');
    cleanup();
    renderWithUrl(<Tabs tabs={tabs} queryParam="tab" defaultKey="documents" />, '/vehicles/1');
    expectSelected('Documents', 'Documents panel');
    cleanup();
    renderWithUrl(<Tabs tabs={tabs} queryParam="tab" defaultKey="documents" />, '/vehicles/1?tab=bogus');
    expectSelected('Documents', 'Documents panel');
  });

  it('writes the choice to the URL as a new history entry, keeping other parameters', async () => {
    const location = renderWithUrl(<Tabs tabs={tabs} queryParam="tab" />, '/vehicles/1?q=van');
    await userEvent.click(screen.getByRole('tab', { name: 'Documents' }));
    expectSelected('Documents', 'Documents panel');
    expect(location.history).toEqual(['/vehicles/1?q=van', '/vehicles/1?q=van&tab=documents']);
  });

  it('drops the parameter for the default tab', async () => {
    const location = renderWithUrl(<Tabs tabs={tabs} queryParam="tab" />, '/vehicles/1?tab=history');
    await userEvent.click(screen.getByRole('tab', { name: 'Details' }));
    expectSelected('Details', 'Details panel');
    expect(location.history?.at(-1)).toBe('/vehicles/1');
  });

  it('drops the parameter for an explicit defaultKey too', async () => {
    const location = renderWithUrl(<Tabs tabs={tabs} queryParam="tab" defaultKey="documents" />, '/vehicles/1?tab=history');
    await userEvent.click(screen.getByRole('tab', { name: 'Documents' }));
    expectSelected('Documents', 'Documents panel');
    expect(location.history?.at(-1)).toBe('/vehicles/1');
  });

  it('updates with the arrow keys through the URL', async () => {
    const location = renderWithUrl(<Tabs tabs={tabs} queryParam="tab" />);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    expectSelected('Documents', 'Documents panel');
    expect(screen.getByRole('tab', { name: 'Documents' })).toHaveFocus();
    expect(location.history?.at(-1)).toBe('/vehicles/1?tab=documents');
  });

  it('follows the URL when it changes from outside (e.g. Back)', () => {
    const location = renderWithUrl(<Tabs tabs={tabs} queryParam="tab" />, '/vehicles/1?tab=documents');
    expectSelected('Documents', 'Documents panel');
    act(() => location.navigate('/vehicles/1?tab=history'));
    expectSelected('History', 'History panel');
    act(() => location.navigate('/vehicles/1'));
    expectSelected('Details', 'Details panel');
  });
});
