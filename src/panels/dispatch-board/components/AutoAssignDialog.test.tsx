// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Solution } from '../../../lib/dispatch';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import type { BoardDelivery } from '../model';
import { AutoAssignDialog } from './AutoAssignDialog';

// Headless UI's transitions ask for animations, which jsdom lacks: none are running.
Element.prototype.getAnimations ??= () => [];

afterEach(async () => {
  cleanup();
  await act(() => applyLanguage('en'));
});

const licence = { rule: 'licence_class', message: '', values: { driver: 'Ana', needs: ['commercial', 'special'], holds: 'standard' } } as const;
const features = { rule: 'features', message: '', values: { missing: ['lift_gate', 'refrigeration'] } } as const;
const weight = { rule: 'weight', message: '', values: { weight_kg: 1250.5, capacity_kg: 900 } } as const;
const expired = { rule: 'licence_expired', message: '', values: { driver: null } } as const;

/** A plan that places nothing and says why for each kind of reason. */
const solution: Solution = {
  routes: [],
  total_distance_km: 0,
  construction_distance_km: 0,
  stats: { construction_ms: 1, improve_ms: 1, improving_moves: 0, converged: true },
  unassigned: [
    { delivery_id: 'a', reason: 'locked_driver_unfit', message: '', why: { key: 'locked_unavailable' } },
    { delivery_id: 'b', reason: 'locked_driver_unfit', message: '', why: { key: 'locked_problems', problems: [{ ...licence, values: { ...licence.values, needs: [...licence.values.needs] } }, { ...features, values: { missing: [...features.values.missing] } }, weight, expired] } },
    { delivery_id: 'c', reason: 'locked_driver_unfit', message: '', why: { key: 'locked_cannot_fit', driver: null } },
    { delivery_id: 'd', reason: 'capacity', message: '', why: { key: 'too_heavy', weight_kg: 300, largest_kg: 100 } },
    { delivery_id: 'e', reason: 'no_eligible_vehicle', message: '', why: { key: 'no_driver' } },
    { delivery_id: 'f', reason: 'no_eligible_vehicle', message: '', why: { key: 'no_vehicle_fits' } },
    { delivery_id: 'g', reason: 'window_impossible', message: '', why: { key: 'window_impossible' } },
    { delivery_id: 'h', reason: 'schedule_conflict', message: '', why: { key: 'time_budget' } },
    { delivery_id: 'i', reason: 'capacity', message: '', why: { key: 'too_full' } },
    { delivery_id: 'j', reason: 'drivers_full', message: '', why: { key: 'drivers_full', max: 8 } },
    { delivery_id: 'k', reason: 'schedule_conflict', message: '', why: { key: 'busy' } },
  ],
};

async function renderDialog() {
  await act(async () => {
    render(
      <Suspense fallback={<span data-testid="suspended" />}>
        <AutoAssignDialog plan={{ solution }} deliveries={new Map<string, BoardDelivery>()} names={new Map()} onClose={() => {}} onCommit={async () => ({ assigned: [], refused: [] })} />
      </Suspense>,
    );
  });
  await waitFor(() => expect(screen.queryByTestId('suspended')).not.toBeInTheDocument(), { timeout: 5000 });
  return pageWords();
}

/** The planner's English reasons that must not survive a translation. */
const ENGLISH = [
  'It is locked',
  'not available',
  'The vehicle needs a',
  'commercial or special',
  'holds a standard licence',
  'The vehicle lacks',
  'lift gate',
  'refrigeration',
  'The packages weigh',
  'carries at most',
  "The driver's licence has expired",
  'Its driver cannot fit',
  'the largest vehicle',
  'No driver is available',
  "No available driver's vehicle",
  'No eligible driver',
  'time budget',
  'too full',
  'already have',
  'busy with other work',
];

describe('auto-assign’s reasons for what it could not place', () => {
  it('keep the planner’s English', async () => {
    const text = await renderDialog();
    for (const line of [
      'a: It is locked to a driver who is not available',
      'b: The vehicle needs a commercial or special licence; Ana holds a standard licence; The vehicle lacks lift gate, refrigeration; The packages weigh 1250.5 kg; the vehicle carries at most 900 kg; The driver\'s licence has expired',
      "c: Its driver cannot fit it within its windows and the vehicle's capacity",
      'd: The packages weigh 300 kg; the largest vehicle it could go in carries 100 kg',
      "f: No available driver's vehicle meets its requirements (features, licence class)",
      'j: The drivers who could take it already have 8 deliveries in this plan',
    ])
      expect(text).toContain(line);
  });

  it.each([
    ['es', ['Está fijada a un conductor que no está disponible', 'El vehículo necesita un permiso profesional o especial; Ana tiene un permiso estándar', 'plataforma elevadora, refrigeración', '1250,5 kg', 'El permiso del conductor ha caducado', 'Su conductor no puede encajarla']],
    ['fr', ['Elle est verrouillée sur un chauffeur indisponible', 'Le véhicule exige un permis professionnel ou spécial ; Ana a un permis standard', 'hayon élévateur, réfrigération', '1250,5 kg', 'Son chauffeur ne peut pas la caser']],
  ] as const)('speak %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    const text = await renderDialog();
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });
});
