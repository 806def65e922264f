// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EdgeFunctionError } from '../../../lib/edge-functions';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import type { TestOutcome } from '../api';
import { ToastProvider } from '../../../ui/toast';
import { DISABLED_REASONS, type WebhookEntry } from '../schema';
import { WebhookCard } from './WebhookCard';

const api = vi.hoisted(() => ({
  testWebhook: vi.fn(),
  saveWebhook: vi.fn(),
  rotateSigningSecret: vi.fn(),
  fetchDeliveryLog: vi.fn(),
  replayDelivery: vi.fn(),
}));
vi.mock('../api', () => api);

/** A test the receiver answered with 2xx. */
const passed: TestOutcome = { success: true, detail: null, detailKey: null, detailParams: undefined, statusCode: 204, signingSecret: null };

const gone: WebhookEntry = {
  id: 's1',
  module_id: 'deliveries',
  module_name: 'Deliveries',
  event_types: ['delivery.created'],
  user_id: 'u1',
  webhook_url: 'https://shop.example/hooks',
  secret_header_key: null,
  secret_header_value: null,
  is_active: false,
  disabled_reason: DISABLED_REASONS.gone,
};

/** The card as the tab holds it: a save replaces the entry with what was saved. */
function Tab({ initial }: { initial: WebhookEntry }) {
  const [entry, setEntry] = useState(initial);
  return (
    <ToastProvider>
      <Suspense fallback="loading">
        <WebhookCard entry={entry} onSaved={setEntry} />
      </Suspense>
    </ToastProvider>
  );
}

afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await act(() => applyLanguage('en'));
});

describe('WebhookCard: why a webhook was turned off', () => {
  it('says why in view mode, in English, Spanish and French', async () => {
    render(<Tab initial={gone} />);
    const note = screen.getByTestId('webhook-disabled-reason');
    expect(note).toHaveTextContent('Turned off by Waypost');
    expect(note).toHaveTextContent('The receiver answered 410 Gone, which asks for no more deliveries.');
    expect(note).toHaveTextContent('Fix the receiver, then Edit, test and save the webhook to turn it on again.');
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Deliveries' })).toBeInTheDocument();
    await act(() => applyLanguage('es'));
    expect(await screen.findByText('Desactivado por Waypost')).toBeInTheDocument();
    expect(screen.getByText('El receptor respondió 410 Gone, que pide no recibir más entregas.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Entregas' })).toBeInTheDocument();
    await act(() => applyLanguage('fr'));
    expect(await screen.findByText('Désactivé par Waypost')).toBeInTheDocument();
    expect(screen.getByText('Le destinataire a répondu 410 Gone, ce qui demande de ne plus rien lui envoyer.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Livraisons' })).toBeInTheDocument();
  });

  it('says 5 days of failures, or a reason it does not know as written; nothing for a webhook that is on or was turned off by a person', () => {
    const { unmount } = render(<Tab initial={{ ...gone, disabled_reason: DISABLED_REASONS.failing }} />);
    expect(screen.getByTestId('webhook-disabled-reason')).toHaveTextContent('Deliveries to this address failed for 5 days.');
    unmount();
    const other = render(<Tab initial={{ ...gone, disabled_reason: 'Refused by the address guard' }} />);
    expect(screen.getByTestId('webhook-disabled-reason')).toHaveTextContent('Refused by the address guard');
    other.unmount();
    const on = render(<Tab initial={{ ...gone, is_active: true, disabled_reason: null }} />);
    expect(screen.queryByTestId('webhook-disabled-reason')).toBeNull();
    on.unmount();
    render(<Tab initial={{ ...gone, disabled_reason: null }} />);
    expect(screen.queryByTestId('webhook-disabled-reason')).toBeNull();
  });

  it('is gone once the webhook is tested and saved again (turned on), and hidden while editing', async () => {
    api.testWebhook.mockResolvedValue(passed);
    api.saveWebhook.mockResolvedValue({ id: 's1', signingSecret: null });
    const user = userEvent.setup();
    render(<Tab initial={gone} />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.queryByTestId('webhook-disabled-reason')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Test' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Active')).toBeInTheDocument());
    expect(api.saveWebhook).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('webhook-disabled-reason')).toBeNull();
    expect(screen.queryByText('Turned off by Waypost')).toBeNull();
  });
});

describe('WebhookCard: its words in the page language', () => {
  const on: WebhookEntry = { ...gone, is_active: true, disabled_reason: null, secret_header_key: 'Authorization', secret_header_value: 'Bearer x' };

  it('renders view and edit modes in Spanish, the spec messages included', async () => {
    await act(() => applyLanguage('es'));
    const user = userEvent.setup();
    render(<Tab initial={on} />);
    expect(await screen.findByText('Activo')).toBeInTheDocument();
    expect(screen.getByText('URL del webhook')).toBeInTheDocument();
    expect(screen.getByText('Autenticación')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renovar el secreto' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registro de envíos' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(screen.getByLabelText('Usar autenticación')).toBeChecked();
    expect(screen.getByLabelText('Nombre del encabezado')).toHaveAttribute('placeholder', 'Authorization');
    expect(screen.getByLabelText('Valor del encabezado')).toHaveAttribute('placeholder', 'Token Bearer o autenticación Basic');
    expect(screen.getByText('Pruebe el webhook antes de guardarlo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    const url = screen.getByLabelText(/URL del webhook/);
    await user.clear(url);
    await user.type(url, 'not a url');
    expect(screen.getByText('Introduzca una URL válida')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Probar' })).toBeDisabled();
    expect(screen.queryByText(/Please enter|Webhook URL|Use authentication|Test the webhook/)).toBeNull();
  });

  it('says what the server left unsaid in the page language: a test without words, a failed save, a failed rotation', async () => {
    api.testWebhook.mockResolvedValue(passed);
    api.saveWebhook.mockRejectedValue(new Error(''));
    api.rotateSigningSecret.mockRejectedValue(new Error(''));
    await act(() => applyLanguage('es'));
    const user = userEvent.setup();
    render(<Tab initial={on} />);
    await user.click(await screen.findByRole('button', { name: 'Renovar el secreto' }));
    await user.click(await screen.findByRole('button', { name: 'Renovar' }));
    expect(await screen.findByText('No se pudo renovar el secreto de firma')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.click(screen.getByRole('button', { name: 'Probar' }));
    expect((await screen.findAllByText('Prueba del webhook correcta')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No se pudo guardar el webhook')).toBeInTheDocument();
    expect(screen.queryByText(/Webhook test|Failed to|Something went wrong/)).toBeNull();
  });

  it("words the server's keyed reasons in the page language: a receiver's answer, a refused save", async () => {
    api.testWebhook.mockResolvedValueOnce({
      success: false,
      detail: 'The receiver answered 500',
      detailKey: 'webhooks.receiver_answered',
      detailParams: { status: 500 },
      statusCode: 500,
      signingSecret: null,
    });
    api.testWebhook.mockResolvedValueOnce(passed);
    api.saveWebhook.mockRejectedValue(
      new EdgeFunctionError('This user already has a webhook for this module', { status: 409, code: 'webhook_exists', key: 'webhooks.exists' }),
    );
    await act(() => applyLanguage('es'));
    const user = userEvent.setup();
    render(<Tab initial={on} />);
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    await user.click(screen.getByRole('button', { name: 'Probar' }));
    expect((await screen.findAllByText(/Prueba del webhook completada: El receptor respondió 500/)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Probar' }));
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Este usuario ya tiene un webhook para este módulo')).toBeInTheDocument();
    expect(screen.queryByText(/receiver answered|already has a webhook/)).toBeNull();
  });

  it("keeps the spec's English in English", async () => {
    const user = userEvent.setup();
    render(<Tab initial={{ ...gone, id: undefined, is_active: true, disabled_reason: null, webhook_url: '' } as WebhookEntry} />);
    expect(screen.getByText('Not configured')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Webhook URL/), 'nope');
    expect(screen.getByText('Please enter a valid URL')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Use authentication'));
    expect(screen.getByLabelText('Header name')).toHaveAttribute('placeholder', 'Authorization');
    expect(screen.getByLabelText('Header value')).toHaveAttribute('placeholder', 'Bearer token or Basic auth');
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
  });
});
