// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { EdgeFunctionError } from '../../../lib/edge-functions';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import { ToastProvider } from '../../../ui/toast';
import { generateApiKey } from '../api';
import { GeneratedKeyDialog } from '../components/GeneratedKeyDialog';
import type { ApiKey } from '../schema';
import { ApiKeyManagementPage } from './ApiKeyManagementPage';
import { DeveloperApiPage } from './DeveloperApiPage';

const keys: ApiKey[] = [
  { id: 'k1', tenant_id: 't1', user_id: null, name: 'ERP', description: 'Pedidos', key_prefix: 'wpk_ab12', expires_at: null, is_active: false, last_used_at: null, created_at: '2026-11-21T10:00:00Z' },
  { id: 'k2', tenant_id: 't1', user_id: null, name: 'Tienda', description: '', key_prefix: 'wpk_cd34', expires_at: '2026-01-01T10:00:00Z', is_active: true, last_used_at: null, created_at: '2025-11-21T10:00:00Z' },
];

const document = {
  openapi: '3.1.0',
  info: { title: 'Waypost API', version: '1.0.0' },
  paths: {
    '/v1/deliveries/{delivery}': {
      get: {
        operationId: 'getDelivery',
        parameters: [{ name: 'delivery', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'One' } },
      },
    },
  },
  components: {
    schemas: {
      Error: { type: 'object', properties: { error: { type: 'object', properties: { code: { type: 'string', enum: ['not_found'] } } } } },
      DeliveryCreate: { type: 'object', required: ['customer_id'], properties: { customer_id: { type: 'string', format: 'uuid' } } },
    },
  },
};

vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { profile: { tenant_id: 't1' } } }) }));
vi.mock('../api', () => ({
  listApiKeys: vi.fn(async () => ({ rows: keys, total: 2 })),
  generateApiKey: vi.fn(),
  updateApiKey: vi.fn(),
  revokeApiKey: vi.fn(),
  fetchApiDocument: vi.fn(async () => document),
}));

afterEach(async () => {
  cleanup();
  await act(() => applyLanguage('en'));
});

async function renderIn(node: ReactNode, ready: () => Promise<unknown>) {
  const location = memoryLocation({ path: '/api-key-management' });
  await act(async () => {
    render(
      <ToastProvider>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <Suspense fallback="loading">{node}</Suspense>
        </Router>
      </ToastProvider>,
    );
  });
  await ready();
}

/** The keys page, with the generate dialog submitted empty. */
async function renderKeys() {
  await renderIn(<ApiKeyManagementPage />, () => screen.findByText('wpk_ab12…', undefined, { timeout: 5000 }));
  const generate = screen.getAllByRole('button').find((button) => /Generate|Generar|Générer/.test(button.textContent ?? ''))!;
  await act(async () => {
    fireEvent.click(generate);
  });
  const form = await screen.findByRole('form', undefined, { timeout: 5000 });
  await act(async () => {
    fireEvent.submit(form);
  });
  await screen.findAllByText(/required|obligatori|obligatoire/);
}

const renderGenerated = () => renderIn(<GeneratedKeyDialog apiKey="wpk_secret" onClose={() => undefined} />, () => screen.findByDisplayValue('wpk_secret', undefined, { timeout: 5000 }));
const renderReference = () => renderIn(<DeveloperApiPage />, () => screen.findByText('customer_id', undefined, { timeout: 5000 }));

/** English words of the API keys' screens that must not survive a translation (Description, Type, Code, Actions are French too). */
const ENGLISH = [
  'API keys',
  'API key',
  'Dashboard',
  'API reference',
  'Name',
  'Created',
  'Expires',
  'Never',
  'Revoked',
  'Expired',
  'Generate new key',
  'Search name or description',
  'Generate new API key',
  'Leave empty',
  'Generate',
  'Cancel',
  'is required',
  'Your new API key',
  'Copy',
  'Done',
  'Field',
  'Required',
  'Parameters',
  'required',
  'Responses',
  'Example',
  'Base URL',
  'Send an API key',
  'Endpoints',
  'Errors',
  'Every refusal',
  'Error answers',
  'Status',
  'When',
  'Schemas',
  'Fields of',
  'yes',
];

describe('the API keys’ screens', () => {
  it('keep the spec’s English', async () => {
    await renderKeys();
    expect(screen.getByText('Revoked')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    cleanup();
    await renderReference();
    expect(screen.getByRole('heading', { name: 'Base URL and authentication' })).toBeInTheDocument();
    expect(screen.getByText(/\/functions\/v1\/api$/)).toBeInTheDocument();
  });

  it.each([
    ['es', ['Claves de API', 'Revocada', 'Caducada', 'Nunca', 'Generar nueva clave', 'El nombre es obligatorio', 'Su nueva clave de API', 'Copiar', 'URL base y autenticación', 'Esquemas', 'sí']],
    ['fr', ['Clés d’API', 'Révoquée', 'Expirée', 'Jamais', 'Générer une nouvelle clé', 'Le nom est obligatoire', 'Votre nouvelle clé d’API', 'Copier', 'URL de base et authentification', 'Schémas', 'oui']],
  ] as const)('speak %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    let text = '';
    await renderKeys();
    text += pageWords();
    cleanup();
    await renderGenerated();
    text += pageWords();
    cleanup();
    await renderReference();
    text += pageWords();
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });

  it.each([
    ['es', 'El nombre debe tener como máximo 100 caracteres', 'Solo un administrador activo de esta empresa puede gestionar las claves de API'],
    ['fr', 'Le nom doit comporter au plus 100 caractères', 'Seul un administrateur actif de cette entreprise peut gérer les clés d’API'],
  ] as const)('show the api-keys function’s keyed refusals in %s: under the field, and the rest in a toast', async (language, underName, toast) => {
    const tooLong = 'Name must be at most 100 characters';
    const notAdmin = 'Only an active administrator of this business can manage API keys';
    vi.mocked(generateApiKey)
      .mockRejectedValueOnce(new EdgeFunctionError(tooLong, { status: 422, code: 'validation_failed', key: 'api_keys.name_too_long', details: [{ field: 'name', key: 'api_keys.name_too_long', message: tooLong, params: { max: 100 } }] }))
      .mockRejectedValueOnce(new EdgeFunctionError(notAdmin, { status: 403, code: 'not_admin', key: 'api_keys.not_admin' }));
    await act(() => applyLanguage(language));
    await renderIn(<ApiKeyManagementPage />, () => screen.findByText('wpk_ab12…', undefined, { timeout: 5000 }));
    const generate = screen.getAllByRole('button').find((button) => /Generar|Générer/.test(button.textContent ?? ''))!;
    await act(async () => {
      fireEvent.click(generate);
    });
    const form = await screen.findByRole('form', undefined, { timeout: 5000 });
    fireEvent.change(within(form).getAllByRole('textbox')[0], { target: { value: 'ERP sync' } });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(await screen.findByText(underName, undefined, { timeout: 5000 })).toBeInTheDocument();
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(await screen.findByText(toast, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(tooLong)).toBeNull();
    expect(screen.queryByText(notAdmin)).toBeNull();
  });
});

