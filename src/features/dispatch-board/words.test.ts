import { describe, expect, it } from 'vitest';
import { boardMessages } from './messages';
import { translator } from '../../lib/i18n/catalogue';
import { eventTitle } from './words';

const statusWord = (status: string) => `<${status}>`;

describe('the timeline’s event titles', () => {
  it.each([
    ['en', boardMessages.en, ['Assigned', 'Arrived at drop-off', 'Reopened']],
    ['es', async () => (await boardMessages.load.es()).default, ['Asignada', 'Llegada a la entrega', 'Reabierta']],
    ['fr', async () => (await boardMessages.load.fr()).default, ['Attribuée', 'Arrivé à la livraison', 'Rouverte']],
  ] as const)('say the event in %s, and a status move by its status', async (language, messages, [assigned, arrived, reopened]) => {
    const t = translator(boardMessages, language, typeof messages === 'function' ? await messages() : messages);
    expect(eventTitle(t, 'assigned', 'assigned', statusWord)).toBe(assigned);
    expect(eventTitle(t, 'arrived_dropoff', 'in_transit', statusWord)).toBe(arrived);
    expect(eventTitle(t, 'status_changed', 'pending', statusWord)).toBe(reopened);
    expect(eventTitle(t, 'status_changed', 'delivered', statusWord)).toBe('<delivered>');
  });
});
