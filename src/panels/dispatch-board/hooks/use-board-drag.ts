import { KeyboardSensor, PointerSensor, pointerWithin, rectIntersection, useSensor, useSensors, type CollisionDetection, type DragEndEvent } from '@dnd-kit/core';
import { useCallback, useRef, useState } from 'react';
import type { DriverLocator } from '../components/BoardMap';
import type { DragData } from '../components/DeliveryList';
import type { BoardDelivery } from '../model';

/** The driver under the pointer; the keyboard (no pointer) moves by overlap. */
export const boardCollision: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : rectIntersection(args);
};

interface DragInput {
  byId: ReadonlyMap<string, BoardDelivery>;
  assign: (ids: readonly string[], driverId: string) => void;
  unassign: (row: BoardDelivery) => void;
  /** A drop on the map away from every driver's dot. */
  missedDriver: () => void;
}

/**
 * Dragging cards (`@dnd-kit/core`; the card's handle for the keyboard): onto a driver (in the list,
 * or their dot on the map) assigns, between drivers reassigns, onto the queue unassigns.
 */
export function useBoardDrag({ byId, assign, unassign, missedDriver }: DragInput) {
  const [dragging, setDragging] = useState<DragData | null>(null);
  const driverAt = useRef<DriverLocator | null>(null);
  const setDriverLocator = useCallback((locate: DriverLocator | null) => {
    driverAt.current = locate;
  }, []);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));

  const onDragEnd = ({ active, over, activatorEvent, delta }: DragEndEvent) => {
    setDragging(null);
    const data = active.data.current as DragData | undefined;
    if (!data || !over) return;
    let target = String(over.id);
    if (target === 'map') {
      // A drop on the map goes to the driver whose dot is under the pointer.
      const start = activatorEvent as PointerEvent;
      const driverId = typeof start.clientX === 'number' ? driverAt.current?.(start.clientX + delta.x, start.clientY + delta.y) : null;
      if (!driverId) {
        missedDriver();
        return;
      }
      target = `driver:${driverId}`;
    }
    if (target.startsWith('driver:')) {
      const driverId = target.slice('driver:'.length);
      if (driverId !== data.fromDriverId) assign(data.deliveryIds, driverId);
    } else if (target === 'queue' && data.fromDriverId) {
      for (const id of data.deliveryIds) {
        const row = byId.get(id);
        if (row) unassign(row);
      }
    }
  };

  return { dragging, setDragging, setDriverLocator, sensors, onDragEnd };
}
