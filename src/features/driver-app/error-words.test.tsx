// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../lib/i18n/catalogue';
import { refusalText } from '../../lib/refusal-text';
import { useServerWords } from '../../lib/server-messages/server-words';
import { useRejectionWords } from './error-words';
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
