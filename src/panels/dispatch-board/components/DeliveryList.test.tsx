// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BoardDelivery } from '../model';
import { boardDelivery } from '../model.fake';
import { DeliveryList } from './DeliveryList';
import type * as format from './format';
import { formatClock } from './format';

// Counts the cards' renders: each card with a window formats its time once per render.
vi.mock('./format', async (original) => {
  const actual = await original<typeof format>();
  return { ...actual, formatClock: vi.fn(actual.formatClock) };
});

const at = (h: number) => new Date(2026, 10, 25, h).toISOString();

const delivery = (id: string): BoardDelivery => boardDelivery(id, { dropoff_window_end: at(17) });

const NO_LATE: ReadonlySet<string> = new Set();

function list(items: BoardDelivery[], props: { onOpen?: (id: string) => void; checked?: ReadonlySet<string>; onCheckedChange?: (next: Set<string>) => void } = {}) {
  return (
    <DeliveryList
      label="Unassigned queue"
      items={items}
      late={NO_LATE}
      selectedId={null}
      onOpen={props.onOpen ?? (() => undefined)}
      checked={props.checked}
      onCheckedChange={props.onCheckedChange}
      draggable={() => true}
      virtual={false}
      emptyText="Nothing waiting"
    />
  );
}

afterEach(() => {
  cleanup();
  vi.mocked(formatClock).mockClear();
});

describe('DeliveryList under a live stream', () => {
  it('renders again only the cards whose row changed', () => {
    const a = delivery('a');
    const b = delivery('b');
    const c = delivery('c');
    const view = render(list([a, b, c]));
    expect(formatClock).toHaveBeenCalledTimes(3);

    vi.mocked(formatClock).mockClear();
    // A live batch: a new list, one row replaced, the others the same objects.
    view.rerender(list([a, { ...b, status: 'assigned' }, c]));
    expect(formatClock).toHaveBeenCalledTimes(1);
  });

  it('opens and ticks the card clicked, wherever the list has moved it since it was rendered', () => {
    const a = delivery('a');
    const b = delivery('b');
    const onOpen = vi.fn();
    const onCheckedChange = vi.fn();
    const checked: ReadonlySet<string> = new Set();
    const view = render(list([a, b], { onOpen, checked, onCheckedChange }));
    // A new delivery arrives at the top: a and b move down, their cards are not rendered again.
    view.rerender(list([delivery('new'), a, b], { onOpen, checked, onCheckedChange }));
    fireEvent.click(screen.getByRole('listitem', { name: 'ACME-b' }));
    expect(onOpen).toHaveBeenLastCalledWith('b');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select ACME-new' }));
    expect(onCheckedChange).toHaveBeenLastCalledWith(new Set(['new']));
    // Shift-click from there ticks the range between, in the list's current order.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select ACME-b' }), { shiftKey: true });
    expect(onCheckedChange).toHaveBeenLastCalledWith(new Set(['new', 'a', 'b']));
  });
});

describe('DeliveryList by keyboard', () => {
  it('moves the active card with the arrows, Home and End, keeps only its controls in the tab order, and opens it with Enter', () => {
    const onOpen = vi.fn();
    render(list([delivery('a'), delivery('b'), delivery('c')], { onOpen, checked: new Set(), onCheckedChange: () => undefined }));
    const lane = screen.getByRole('list', { name: 'Unassigned queue' });
    const tabbable = () => screen.getAllByRole('checkbox').map((box) => box.tabIndex);
    expect(tabbable()).toEqual([0, -1, -1]);
    fireEvent.keyDown(lane, { key: 'ArrowDown' });
    expect(screen.getByRole('listitem', { name: 'ACME-b' }).getAttribute('aria-current')).toBe('true');
    expect(tabbable()).toEqual([-1, 0, -1]);
    expect(screen.getByRole('button', { name: 'Drag ACME-b' }).tabIndex).toBe(0);
    expect(screen.getByRole('button', { name: 'Drag ACME-a' }).tabIndex).toBe(-1);
    expect(screen.getByRole('status').textContent).toBe('ACME-b, 2 of 3');
    fireEvent.keyDown(lane, { key: 'End' });
    expect(tabbable()).toEqual([-1, -1, 0]);
    fireEvent.keyDown(lane, { key: 'Home' });
    fireEvent.keyDown(lane, { key: 'Enter' });
    expect(onOpen).toHaveBeenLastCalledWith('a');
  });

  it('goes to the lane before or after with the left and right arrows', () => {
    render(
      <>
        {list([delivery('a')])}
        <DeliveryList label="In progress" items={[delivery('b')]} late={NO_LATE} selectedId={null} onOpen={() => undefined} virtual={false} emptyText="Nothing" />
      </>,
    );
    const queue = screen.getByRole('list', { name: 'Unassigned queue' });
    const inProgress = screen.getByRole('list', { name: 'In progress' });
    queue.focus();
    fireEvent.keyDown(queue, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(inProgress);
    // The last lane has no lane after it: focus stays.
    fireEvent.keyDown(inProgress, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(inProgress);
    fireEvent.keyDown(inProgress, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(queue);
  });
});
