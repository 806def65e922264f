// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import type { Language } from '../../../lib/i18n/languages';
import type { DeliverySettings, DriverTask } from '../schema';
import { DeliverDialog } from './DeliverDialog';
import { DutyPanel } from './DutyPanel';
import { FailDialog } from './FailDialog';
import { OfferCard } from './OfferCard';
import { TaskCard } from './TaskCard';

const task = {
  id: 'd1',
  delivery_code: 'ACME-000001',
  barcode: 'ACME-000001',
  kind: 'delivery',
  status: 'in_transit',
  status_reason: null,
  priority: 'urgent',
  pickup_address: { full_address: 'Depot' },
  dropoff_address: { full_address: 'Home' },
  pickup_lat: 0,
  pickup_lng: 0,
  dropoff_lat: 0,
  dropoff_lng: 0,
  pickup_window_start: null,
  pickup_window_end: null,
  dropoff_window_start: null,
  dropoff_window_end: null,
  packages: [],
  package_count: 1,
  total_weight_kg: 1,
  cod_amount: 25,
  currency: 'USD',
  notes: '',
  delivered_at: null,
  failed_at: null,
  updated_at: '2026-11-25T08:00:00Z',
  offer: null,
  door_notes: { requires_appointment: true, signature_required: true, leave_at_door: false, leave_with_neighbor: true, authorized_receivers: [] },
} as DriverTask;

const settings: DeliverySettings = {
  proof: { signature: 'required', photo: 'required', recipient_name: 'required', notes: 'required' },
  failure_reasons: ['Recipient not available'],
};

const noop = () => {};

// jsdom draws nothing: the signature pad gets a 2D context that accepts every call.
beforeEach(() => {
  const context = new Proxy({}, { get: () => () => undefined, set: () => true });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as CanvasRenderingContext2D);
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await act(() => applyLanguage('en'));
});

async function show(node: ReactNode) {
  await act(async () => {
    render(<Suspense fallback="loading">{node}</Suspense>);
  });
}

/** Clicks the last button whose name is one of `names` (a dialog's button comes after the card's). */
async function click(names: RegExp) {
  const buttons = await screen.findAllByRole('button', { name: names });
  await act(async () => {
    fireEvent.click(buttons[buttons.length - 1]!);
  });
}

/** Everything a user reads: the text, and the accessible names and placeholders. */
function visibleWords(): string {
  const attributes = [...document.querySelectorAll('[placeholder], [aria-label]')].map((element) => `${element.getAttribute('placeholder') ?? ''} ${element.getAttribute('aria-label') ?? ''}`);
  return `${document.body.textContent ?? ''} ${attributes.join(' ')}`;
}

/**
 * The cards (duty, an urgent offer whose rejection is refused without a reason, a task with the
 * customer's door options), then the deliver and fail sheets submitted empty: every word they show.
 */
async function everyWord(): Promise<string> {
  const seen: string[] = [];
  await show(
    <>
      <DutyPanel status="busy" geo="off" busy={false} onChange={noop} />
      <OfferCard task={{ ...task, status: 'assigned' }} fresh={false} pending={false} onAccept={noop} onReject={noop} />
      <TaskCard task={task} pending={undefined} onArrived={noop} onPickUp={noop} onInTransit={noop} onDeliver={noop} onFail={noop} />
    </>,
  );
  await click(/^(Reject|Rechazar|Refuser)$/);
  await click(/^(Reject assignment|Rechazar la asignación|Refuser l’affectation|Rechazar asignación|Refuser l'affectation)$/);
  seen.push(visibleWords());
  cleanup();
  await show(<DeliverDialog task={task} settings={settings} open onClose={noop} onComplete={noop} />);
  await click(/^(Complete delivery|Completar la entrega|Terminer la livraison|Completar entrega)$/);
  seen.push(visibleWords());
  cleanup();
  await show(<FailDialog task={task} settings={settings} open onClose={noop} onFail={noop} />);
  await click(/^(Mark as failed|Marcar como fallida|Marquer comme échouée|Marquer en échec)$/);
  seen.push(visibleWords());
  return seen.join(' ');
}

/** The words of the duty chip, the priority, the door options, the signature pad and the sheets' errors. */
const ENGLISH = [
  'On duty',
  'busy',
  'Urgent',
  'Clear',
  'Appointment required',
  'Signature required',
  'Do not leave at the door',
  'May leave with a neighbour',
  'A reason is required',
  'A signature is required',
  'A photo is required',
  "The recipient's name is required",
  'Notes are required',
  'Confirm that you collected the cash',
  'Choose a reason',
];

describe('the driver app’s cards and sheets', () => {
  it('keep the spec’s English', async () => {
    const text = await everyWord();
    for (const word of ENGLISH) expect(text).toContain(word);
  });

  it.each([
    ['es', ['De servicio · ocupado', 'Urgente', 'Se requiere cita', 'Se requiere firma', 'No dejar en la puerta', 'Se puede dejar con un vecino', 'El motivo es obligatorio', 'Se requiere una firma', 'Se requiere una foto', 'El nombre del destinatario es obligatorio', 'Las notas son obligatorias', 'Confirme que cobró el efectivo', 'Elija un motivo']],
    ['fr', ['En service · occupé', 'Rendez-vous requis', 'Signature requise', 'Ne pas laisser à la porte', 'Peut être laissé à un voisin', 'Un motif est obligatoire', 'Une signature est requise', 'Une photo est requise', 'Le nom du destinataire est obligatoire', 'Les notes sont obligatoires', 'Confirmez que vous avez encaissé les espèces', 'Choisissez un motif']],
  ] as const)('speak %s with no English left', async (language: Language, words) => {
    await act(() => applyLanguage(language));
    const text = await everyWord();
    for (const word of words) expect(text).toContain(word);
    // 'Urgent' is French too.
    for (const word of ENGLISH.filter((english) => !(language === 'fr' && english === 'Urgent'))) expect(text).not.toMatch(new RegExp(`\\b${word}\\b`));
  });
});
