import { useDraggable } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { Chip, StatusChip } from '../../../ui/Chip';
import { deliveryStatus } from '../../../data/statuses';
import { useLanguage, useT } from '../../../lib/i18n/catalogue';
import { boardMessages } from '../messages';
import type { BoardDelivery } from '../model';
import { formatClock, shortAddress } from './format';

/** What a drag carries: the deliveries moved (the checked ones when the dragged card is checked) and where they came from. */
export interface DragData {
  deliveryIds: string[];
  fromDriverId: string | null;
}

const ROW_HEIGHT = 76;

export interface DeliveryListProps {
  /** The list's accessible name, e.g. 'Unassigned queue'. */
  label: string;
  items: readonly BoardDelivery[];
  late: ReadonlySet<string>;
  selectedId: string | null;
  onOpen: (id: string) => void;
  /** Multi-select (the unassigned queue): checkboxes and shift-click ranges. */
  checked?: ReadonlySet<string>;
  onCheckedChange?: (next: Set<string>) => void;
  /** Cards may be dragged onto a driver (unassigned and still-movable assigned work). */
  draggable?: (d: BoardDelivery) => boolean;
  fromDriverId?: string | null;
  /** The driver's name under each card (lanes that mix drivers). */
  driverName?: (id: string | null) => string | null;
  /** Virtualized for long lanes; short lists (a driver's tasks) render plainly. */
  virtual?: boolean;
  height?: number;
  emptyText: string;
}

/**
 * A board lane: cards of deliveries, focusable as one list (J/K or the arrow keys move, Enter opens,
 * Space ticks in the queue), virtualized so thousands of rows stay smooth.
 */
export function DeliveryList({
  label,
  items,
  late,
  selectedId,
  onOpen,
  checked,
  onCheckedChange,
  draggable,
  fromDriverId = null,
  driverName,
  virtual = true,
  height = 420,
  emptyText,
}: DeliveryListProps) {
  const t = useT(boardMessages);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  // Whether the keys moved the active card (then it is announced), not a click or a live change.
  const [moved, setMoved] = useState(false);
  const anchor = useRef<number | null>(null);
  // Rows keyed by delivery, not by place: a delivery arriving at the top of a lane moves the cards
  // below it instead of giving each place another card to mount.
  const virtualizer = useVirtualizer({
    count: virtual ? items.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (i) => items[i]?.id ?? i,
    overscan: 8,
  });
  const index = Math.min(active, Math.max(0, items.length - 1));

  // Keeps the active card in view when it moves (keys, a click), not on every live batch: scrolling
  // to an index reads the list's layout, which forced a layout on every change of the lane's length.
  useEffect(() => {
    if (virtual && virtualizer.options.count > 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [index, virtual, virtualizer]);

  const toggle = (i: number, range: boolean) => {
    if (!checked || !onCheckedChange) return;
    const next = new Set(checked);
    const id = items[i]!.id;
    if (range && anchor.current !== null) {
      const [from, to] = [Math.min(anchor.current, i), Math.max(anchor.current, i)];
      for (let k = from; k <= to; k += 1) next.add(items[k]!.id);
    } else if (next.has(id)) next.delete(id);
    else next.add(id);
    anchor.current = i;
    onCheckedChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('[data-drag-handle], input, button')) return;
    // Left and right go to the lane before or after, in the board's reading order. Tab does too, past
    // the active card's own controls only: the other cards' controls are out of the tab order.
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      const lanes = [...document.querySelectorAll<HTMLElement>('[data-board-lane]')];
      const next = lanes[lanes.indexOf(event.currentTarget) + (event.key === 'ArrowLeft' ? -1 : 1)];
      if (next) {
        event.preventDefault();
        next.focus();
      }
      return;
    }
    if (items.length === 0) return;
    if (event.key === 'j' || event.key === 'ArrowDown') {
      event.preventDefault();
      setMoved(true);
      setActive(Math.min(index + 1, items.length - 1));
    } else if (event.key === 'k' || event.key === 'ArrowUp') {
      event.preventDefault();
      setMoved(true);
      setActive(Math.max(index - 1, 0));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setMoved(true);
      setActive(event.key === 'Home' ? 0 : items.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(items[index]!.id);
    } else if (event.key === ' ' && checked) {
      event.preventDefault();
      toggle(index, event.shiftKey);
    }
  };

  // The cards' callbacks are stable and find the card's place when called: a live batch re-renders
  // the list, and a card whose row, flags and drag set did not change is not rendered again (a memo).
  const latest = useRef({ items, toggle, onOpen });
  useLayoutEffect(() => {
    latest.current = { items, toggle, onOpen };
  });
  const openCard = useCallback((id: string) => {
    const i = latest.current.items.findIndex((x) => x.id === id);
    if (i >= 0) setActive(i);
    latest.current.onOpen(id);
  }, []);
  const checkCard = useCallback((id: string, range: boolean) => {
    const i = latest.current.items.findIndex((x) => x.id === id);
    if (i >= 0) latest.current.toggle(i, range);
  }, []);
  // What dragging a ticked card carries: every ticked delivery (one array per selection, so ticked cards stay memoized).
  const checkedIds = useMemo(() => (checked ? [...checked] : []), [checked]);

  const card = (d: BoardDelivery, i: number) => (
    <DeliveryCard
      key={d.id}
      delivery={d}
      late={late.has(d.id)}
      active={i === index}
      selected={d.id === selectedId}
      checked={checked?.has(d.id)}
      onCheck={checked ? checkCard : undefined}
      onOpen={openCard}
      draggable={draggable?.(d) ?? false}
      dragIds={checked?.has(d.id) ? checkedIds : null}
      fromDriverId={fromDriverId}
      driverName={driverName?.(d.driver_id) ?? null}
    />
  );

  // The lane itself is the focusable list and, when long, the region that scrolls, so a keyboard
  // reaches and scrolls it. The active card is marked current and said politely when the keys move it
  // (a plain list has no active descendant; focus stays on the lane).
  return (
    <>
      <div
        ref={virtual ? scrollRef : undefined}
        role="list"
        aria-label={label}
        aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Home End Enter"
        data-board-lane
        tabIndex={0}
        onKeyDown={onKeyDown}
        className={`group rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand ${virtual ? 'overflow-y-auto' : ''}`}
        style={virtual ? { maxHeight: height } : undefined}
      >
        {items.length === 0 ? (
          // A list owns list items only: the empty lane's words are its one item.
          <p role="listitem" className="px-2 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
            {emptyText}
          </p>
        ) : virtual ? (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((row) => (
              <div key={row.key} style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start}px)`, height: ROW_HEIGHT }} className="pb-1.5">
                {card(items[row.index]!, row.index)}
              </div>
            ))}
          </div>
        ) : (
          <div className="space-y-1.5">{items.map(card)}</div>
        )}
      </div>
      <span role="status" className="sr-only">
        {moved && items[index] ? t('list.position', { code: items[index].delivery_code, position: index + 1, total: items.length }) : ''}
      </span>
    </>
  );
}

interface DeliveryCardProps {
  delivery: BoardDelivery;
  late: boolean;
  active: boolean;
  selected: boolean;
  checked?: boolean;
  onCheck?: (id: string, range: boolean) => void;
  onOpen: (id: string) => void;
  draggable: boolean;
  /** The ticked deliveries when this card is ticked (a drag moves them all); null: the card alone. */
  dragIds: readonly string[] | null;
  fromDriverId: string | null;
  driverName: string | null;
}

const DeliveryCard = memo(function DeliveryCard({ delivery: d, late, active, selected, checked, onCheck, onOpen, draggable, dragIds, fromDriverId, driverName }: DeliveryCardProps) {
  const drag = useMemo<DragData | null>(() => (draggable ? { deliveryIds: dragIds ? [...dragIds] : [d.id], fromDriverId } : null), [draggable, dragIds, d.id, fromDriverId]);
  const t = useT(boardMessages);
  // The role a screen reader names the handle by: dnd-kit's default is the English 'draggable'.
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `delivery:${d.id}`, data: drag ?? undefined, disabled: !drag, attributes: { roleDescription: t('board.dragRole') } });
  const language = useLanguage();
  const window = d.dropoff_window_end
    ? t('card.by', { time: formatClock(d.dropoff_window_end, undefined, language) })
    : d.pickup_window_end
      ? t('card.pickupBy', { time: formatClock(d.pickup_window_end, undefined, language) })
      : null;
  const address = shortAddress(d.dropoff_address?.full_address);
  return (
    <div
      ref={setNodeRef}
      id={`card-${d.id}`}
      role="listitem"
      aria-label={late ? t('card.lateLabel', { code: d.delivery_code }) : d.delivery_code}
      aria-current={active || undefined}
      data-testid="board-card"
      data-code={d.delivery_code}
      onPointerDown={drag ? (listeners?.onPointerDown as ((event: PointerEvent<HTMLDivElement>) => void) | undefined) : undefined}
      onClick={(event: MouseEvent) => {
        if ((event.target as HTMLElement).closest('input, [data-drag-handle]')) return;
        if (event.shiftKey && onCheck) {
          event.preventDefault();
          onCheck(d.id, true);
          return;
        }
        onOpen(d.id);
      }}
      className={`flex h-[70px] cursor-pointer items-start gap-2 rounded-lg border bg-white px-2 py-1.5 text-sm shadow-sm dark:bg-slate-900 ${
        selected ? 'border-brand ring-1 ring-brand' : late ? 'border-red-300 dark:border-red-800' : 'border-slate-200 dark:border-slate-700'
      } ${active ? 'outline-2 outline-offset-1 outline-slate-500 group-focus-visible:outline-3 group-focus-visible:outline-brand' : ''} ${isDragging ? 'opacity-40' : ''}`}
    >
      {onCheck && (
        <input
          type="checkbox"
          className="mt-1 size-4 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand"
          aria-label={t('card.select', { code: d.delivery_code })}
          // A roving tab stop: only the active card's controls are in the tab order, so Tab goes lane to lane.
          tabIndex={active ? 0 : -1}
          checked={checked ?? false}
          onChange={() => undefined}
          onClick={(event) => {
            event.stopPropagation();
            onCheck(d.id, event.shiftKey);
          }}
        />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-1.5">
          <span className="font-mono text-xs font-semibold">{d.delivery_code}</span>
          <StatusChip vocabulary={deliveryStatus} status={d.status} />
          {late && <Chip tone="error">{t('card.late')}</Chip>}
          {(d.priority === 'urgent' || d.priority === 'high') && <Chip tone="warning">{d.priority === 'urgent' ? t('card.urgent') : t('card.high')}</Chip>}
        </div>
        <p className="truncate text-xs text-slate-600 dark:text-slate-400" title={d.dropoff_address?.full_address}>
          {address ? t('card.to', { address }) : t('card.toUnknown')}
        </p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">
          {[window, t('card.weight', { kg: Number(d.total_weight_kg) }), driverName].filter(Boolean).join(' · ')}
        </p>
      </div>
      {drag && (
        <button
          type="button"
          data-drag-handle
          aria-label={t('card.drag', { code: d.delivery_code })}
          className="cursor-grab rounded px-1 text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand dark:hover:text-slate-200"
          {...attributes}
          {...listeners}
          tabIndex={active ? 0 : -1}
        >
          ⠿
        </button>
      )}
    </div>
  );
});
