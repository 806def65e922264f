import type { Announcements } from '@dnd-kit/core';
import type { Translate } from '../../lib/i18n/catalogue';
import type { DragData } from './components/DeliveryList';
import type { boardMessages } from './messages';
import type { BoardDelivery } from './model';

type BoardKey = keyof typeof boardMessages.en;

interface DragWordsInput {
  byId: ReadonlyMap<string, BoardDelivery>;
  driverName: (id: string | null) => string | null;
  t: Translate<BoardKey>;
}

/**
 * What a screen reader hears while a card is dragged (dnd-kit's announcements), in the page's
 * language: the delivery by its code (or how many are moved), the place by its name (a driver, the
 * unassigned queue, the map). dnd-kit's own words are English and name the cards' and places' ids.
 */
export function dragAnnouncements({ byId, driverName, t }: DragWordsInput): Announcements {
  const what = (active: { data: { current?: unknown } }): string => {
    const ids = (active.data.current as DragData | undefined)?.deliveryIds ?? [];
    const code = ids.length === 1 ? byId.get(ids[0]!)?.delivery_code : undefined;
    return code ?? t('board.dragging', { count: ids.length });
  };
  const place = (over: { id: string | number } | null): string | null => {
    if (!over) return null;
    const id = String(over.id);
    if (id === 'queue') return t('drag.queue');
    if (id === 'map') return t('drag.map');
    if (id.startsWith('driver:')) return driverName(id.slice('driver:'.length)) ?? t('drag.aDriver');
    return null;
  };
  return {
    onDragStart: ({ active }) => t('drag.pickedUp', { what: what(active) }),
    onDragOver: ({ active, over }) => {
      const target = place(over);
      return target ? t('drag.over', { what: what(active), target }) : t('drag.overNothing', { what: what(active) });
    },
    onDragEnd: ({ active, over }) => {
      const target = place(over);
      return target ? t('drag.dropped', { what: what(active), target }) : t('drag.droppedNothing', { what: what(active) });
    },
    onDragCancel: ({ active }) => t('drag.cancelled', { what: what(active) }),
  };
}
