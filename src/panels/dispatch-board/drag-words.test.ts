import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n/catalogue';
import { dragAnnouncements } from './drag-words';
import { boardMessages } from './messages';
import { boardDelivery } from './model.fake';

const byId = new Map([['d1', boardDelivery('d1', { delivery_code: 'ACME-001055' })]]);
const driverName = (id: string | null) => (id === 'drv1' ? 'Maya Chen' : null);
const one = { id: 'delivery:d1', data: { current: { deliveryIds: ['d1'], fromDriverId: null } } };
const three = { id: 'delivery:d1', data: { current: { deliveryIds: ['d1', 'd2', 'd3'], fromDriverId: null } } };
const over = (id: string) => ({ id }) as never;

describe('the board’s drag announcements', () => {
  it.each([
    ['en', boardMessages.en, ['Picked up ACME-001055.', 'Moving ACME-001055 over Maya Chen.', 'Dropped 3 deliveries on the unassigned queue.', 'Moving ACME-001055 was cancelled: nothing changed.', 'Moving ACME-001055 over the map.']],
    ['es', async () => (await boardMessages.load.es()).default, ['Has tomado ACME-001055.', 'Moviendo ACME-001055 sobre Maya Chen.', 'Has soltado 3 entregas sobre la cola sin asignar.', 'Se canceló el movimiento de ACME-001055: no cambió nada.', 'Moviendo ACME-001055 sobre el mapa.']],
    ['fr', async () => (await boardMessages.load.fr()).default, ['Vous avez pris ACME-001055.', 'Déplacement de ACME-001055 au-dessus de Maya Chen.', 'Vous avez déposé 3 livraisons sur la file non attribuée.', 'Le déplacement de ACME-001055 a été annulé : rien n’a changé.', 'Déplacement de ACME-001055 au-dessus de la carte.']],
  ] as const)('name the delivery by its code and the place by its name in %s, never an id', async (language, messages, [start, overDriver, droppedQueue, cancelled, overMap]) => {
    const t = translator(boardMessages, language, typeof messages === 'function' ? await messages() : messages);
    const say = dragAnnouncements({ byId, driverName, t });
    expect(say.onDragStart({ active: one as never })).toBe(start);
    expect(say.onDragOver({ active: one as never, over: over('driver:drv1') })).toBe(overDriver);
    expect(say.onDragEnd({ active: three as never, over: over('queue') })).toBe(droppedQueue);
    expect(say.onDragCancel({ active: one as never, over: null })).toBe(cancelled);
    expect(say.onDragOver({ active: one as never, over: over('map') })).toBe(overMap);
    const unknownDriver = say.onDragOver({ active: one as never, over: over('driver:gone') }) ?? '';
    expect(unknownDriver).not.toMatch(/driver:|gone/);
    expect(say.onDragEnd({ active: one as never, over: null })).toContain('ACME-001055');
  });
});
