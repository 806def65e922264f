// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../lib/i18n/catalogue';
import { refusalText } from '../../lib/refusal-text';
import { useServerWords } from '../../lib/server-messages/server-words';
import { useDutyFailureText, useRejectionWords } from './error-words';
import { SendError } from './offline-queue';
import type { RejectedAction } from './use-action-queue';

afterEach(async () => {
  cleanup();
  await act(() => applyLanguage('en'));
});

/** What check_delivery_proof answers for a completion without the proof the tenant requires. */
const refusedCompletion: Pick<RejectedAction, 'message' | 'details'> = {
  message: 'A signature is required; Notes are required; A newer rule',
  details: [
    { key: 'proof.signature_required', field: 'proof.signature_url', message: 'A signature is required' },
    { key: 'proof.notes_required', field: 'proof.notes', message: 'Notes are required' },
    { key: 'proof.rule_of_tomorrow', field: 'proof', message: 'A newer rule' },
  ],
};

function Rejection({ rejected }: { rejected: Pick<RejectedAction, 'message' | 'details'> }) {
  const words = useRejectionWords();
  return <p role="alert">{words(rejected)}</p>;
}

async function show(language: 'en' | 'es' | 'fr', rejected: Pick<RejectedAction, 'message' | 'details'>) {
  await act(() => applyLanguage(language));
  await act(async () => {
    render(
      <Suspense fallback="loading">
        <Rejection rejected={rejected} />
      </Suspense>,
    );
  });
  return (await screen.findByRole('alert')).textContent;
}

describe('a refused action in the driver app', () => {
  it('words the database’s problems by their keys in Spanish, the English of a key it does not know', async () => {
    expect(await show('es', refusedCompletion)).toBe('Se requiere una firma; Las notas son obligatorias; A newer rule');
  });

  it('and in French', async () => {
    expect(await show('fr', refusedCompletion)).toBe('Une signature est requise; Les notes sont obligatoires; A newer rule');
  });

  it('shows the English of a refusal without problems, and the English in English', async () => {
    expect(await show('es', { message: 'Delivery not found', details: [] })).toBe('Delivery not found');
    cleanup();
    expect(await show('en', refusedCompletion)).toBe('A signature is required; Notes are required; A newer rule');
  });
});

/** The delivery settings' refusals as PostgREST hands them to supabase-js (save_delivery_settings). */
function Refusal({ error }: { error: unknown }) {
  const words = useServerWords();
  return <p role="alert">{refusalText(error, '\n', words)}</p>;
}

describe('the delivery settings’ refusals', () => {
  it('are shown by their keys in Spanish, with their bounds', async () => {
    const error = {
      code: '23514',
      message: 'Validation failed',
      details: JSON.stringify([
        { key: 'settings.proof_choice', field: 'delivery.proof.signature', message: 'Choose required, optional or off' },
        { key: 'settings.failure_reasons_count', field: 'delivery.failure_reasons', message: 'Give 1 to 20 failure reasons', params: { min: 1, max: 20 } },
      ]),
    };
    await act(() => applyLanguage('es'));
    await act(async () => {
      render(
        <Suspense fallback="loading">
          <Refusal error={error} />
        </Suspense>,
      );
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Elija obligatorio, opcional o desactivado\nIndique de 1 a 20 motivos de fallo');
  });

  it('and the admin check in Spanish', async () => {
    const error = { code: '42501', message: "Only the tenant's admins may change its settings", details: JSON.stringify([{ key: 'settings.not_admin', message: "Only the tenant's admins may change its settings" }]) };
    await act(() => applyLanguage('es'));
    await act(async () => {
      render(
        <Suspense fallback="loading">
          <Refusal error={error} />
        </Suspense>,
      );
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Solo los administradores de la empresa pueden cambiar sus ajustes');
  });
});

/** What set_driver_status answers when it refuses: 23514 'Validation failed' with its keyed problem, as the api throws it. */
const refusedStatus = new SendError('Status must be offline, available or on_break', false, [
  { key: 'drivers.status_invalid', field: 'status', message: 'Status must be offline, available or on_break' },
]);
/** A refusal of a newer server, whose key this build does not know. */
const newerRefusal = new SendError('Drivers must rest 11 hours between shifts', false, [
  { key: 'drivers.rest_required', field: 'status', message: 'Drivers must rest 11 hours between shifts' },
]);

function DutyFailure({ reason, online = true }: { reason: unknown; online?: boolean }) {
  const text = useDutyFailureText();
  return <p role="alert">{text(reason, online)}</p>;
}

async function showDutyFailure(language: 'en' | 'es' | 'fr', reason: unknown, online = true) {
  await act(() => applyLanguage(language));
  await act(async () => {
    render(
      <Suspense fallback="loading">
        <DutyFailure reason={reason} online={online} />
      </Suspense>,
    );
  });
  return (await screen.findByRole('alert')).textContent;
}

describe('a refused duty change in the driver app', () => {
  it('words the refusal by its key in Spanish', async () => {
    expect(await showDutyFailure('es', refusedStatus)).toBe('No se pudo cambiar tu estado de servicio: El estado debe ser fuera de servicio, disponible o en descanso');
  });

  it('and in French', async () => {
    expect(await showDutyFailure('fr', refusedStatus)).toBe('Impossible de changer votre statut de service : Le statut doit être hors service, disponible ou en pause');
  });

  it('shows the server’s English for a key this build does not know, inside the driver’s sentence', async () => {
    expect(await showDutyFailure('fr', newerRefusal)).toBe('Impossible de changer votre statut de service : Drivers must rest 11 hours between shifts');
  });

  it('says a lost answer as it is, and offline says when to try again', async () => {
    expect(await showDutyFailure('es', new TypeError('Failed to fetch'))).toBe('No se pudo cambiar tu estado de servicio: Failed to fetch');
    cleanup();
    expect(await showDutyFailure('es', new TypeError('Failed to fetch'), false)).toBe('Estás sin conexión: entra o sal de servicio cuando tengas conexión.');
    cleanup();
    expect(await showDutyFailure('en', refusedStatus)).toBe('Could not change your duty status: Status must be offline, available or on_break');
  });
});
