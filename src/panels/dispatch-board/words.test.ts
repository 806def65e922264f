import { describe, expect, it } from 'vitest';
import { boardMessages } from './messages';
import { translator } from '../../lib/i18n/catalogue';
import { InvalidProblemError } from '../../lib/dispatch';
import { deliveryEventMessages, deliveryEventWords } from '../../lib/delivery-events';
import { plannerFaultText } from './words';

const statusWord = (status: string) => `<${status}>`;

describe('the timeline’s event titles', () => {
  it.each([
    ['en', deliveryEventMessages.en, ['Assigned', 'Arrived at drop-off', 'Reopened']],
    ['es', async () => (await deliveryEventMessages.load.es()).default, ['Asignada', 'Llegada a la entrega', 'Reabierta']],
    ['fr', async () => (await deliveryEventMessages.load.fr()).default, ['Attribuée', 'Arrivée à destination', 'Rouverte']],
  ] as const)('say the event in %s, and a status move by its status', async (language, messages, [assigned, arrived, reopened]) => {
    const t = translator(deliveryEventMessages, language, typeof messages === 'function' ? await messages() : messages);
    expect(deliveryEventWords(t, 'assigned', 'assigned', statusWord)).toBe(assigned);
    expect(deliveryEventWords(t, 'arrived_dropoff', 'in_transit', statusWord)).toBe(arrived);
    expect(deliveryEventWords(t, 'status_changed', 'pending', statusWord)).toBe(reopened);
    expect(deliveryEventWords(t, 'status_changed', 'delivered', statusWord)).toBe('<delivered>');
  });
});

describe('why the planner could not run', () => {
  const bad = new InvalidProblemError([
    { subject: 'driver', id: 'drv1', message: 'driver drv1: a latitude and longitude are required' },
    { subject: 'delivery', id: 'd1', message: 'delivery d1 pickup: a latitude and longitude are required' },
  ]);
  const codeOf = (id: string) => (id === 'd1' ? 'ACME-001055' : null);
  const driverName = (id: string) => (id === 'drv1' ? 'Maya Chen' : null);

  it.each([
    ['en', boardMessages.en, 'Delivery ACME-001055 lacks a location or a time the planner needs: check its addresses and time windows.', 'Maya Chen lacks'],
    ['es', async () => (await boardMessages.load.es()).default, 'A la entrega ACME-001055 le falta una ubicación o una hora que el planificador necesita: revise sus direcciones y franjas horarias.', 'A Maya Chen le falta'],
    ['fr', async () => (await boardMessages.load.fr()).default, 'Il manque à la livraison ACME-001055 un lieu ou une heure dont le planificateur a besoin : vérifiez ses adresses et ses créneaux.', 'Il manque à Maya Chen'],
  ] as const)('names the delivery, else the driver, in %s; never the developers’ English', async (language, messages, deliverySaid, driverSaid) => {
    const t = translator(boardMessages, language, typeof messages === 'function' ? await messages() : messages);
    expect(plannerFaultText(bad, t, codeOf, driverName, 'fallback')).toBe(deliverySaid);
    const driverOnly = new InvalidProblemError([bad.faults[0]!]);
    expect(plannerFaultText(driverOnly, t, codeOf, driverName, 'fallback')).toContain(driverSaid);
    expect(plannerFaultText(new Error('boom'), t, codeOf, driverName, 'fallback')).toBe('fallback');
  });
});
