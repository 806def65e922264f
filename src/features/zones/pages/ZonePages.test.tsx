// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import type { Zone } from '../schema';
import { ZoneCreatePage, ZoneEditPage } from './ZoneFormPage';
import { ZonesListPage } from './ZonesListPage';
import { deleteZone, listAllZones } from '../api';
import { deferred } from '../../../test/deferred';
import { cleanupInEnglish, renderPageAt, submitEmpty } from '../../../test/render-page';

const zone: Zone = {
  id: 'z1',
  tenant_id: 't1',
  name: 'Centro',
  code: 'CEN',
  description: 'Old town',
  color: '#2563eb',
  polygon: { type: 'Polygon', coordinates: [[[-3.7, 40.4], [-3.6, 40.4], [-3.6, 40.5], [-3.7, 40.4]]] },
  active: false,
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
};

vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { profile: { tenant_id: 't1' } } }) }));
vi.mock('../../../lib/tenant-settings', () => ({ useTenantSettings: () => ({ status: 'loading' }) }));
vi.mock('../api', () => ({
  listZones: vi.fn(async () => ({ rows: [zone], total: 1 })),
  listAllZones: vi.fn(async () => [zone]),
  getZone: vi.fn(async () => zone),
  createZone: vi.fn(),
  updateZone: vi.fn(),
  deleteZone: vi.fn(),
  ZoneInUseError: class extends Error {},
}));

afterEach(cleanupInEnglish);

const renderList = () => renderPageAt('/zones', '/zones', <ZonesListPage />, () => screen.findByText('CEN', undefined, { timeout: 5000 }));
const renderEdit = () => renderPageAt('/zones/z1/edit', '/zones/:id/edit', <ZoneEditPage />, () => screen.findByDisplayValue('Old town', undefined, { timeout: 5000 }));
const renderCreate = () => renderPageAt('/zones/new', '/zones/new', <ZoneCreatePage />, () => screen.findByRole('form', undefined, { timeout: 5000 }));


/** English words of the list and the form that must not survive a translation (Zones, Code, Points, Description, Active, Latitude, Longitude and inactive are French too). */
const ENGLISH = [
  'Dashboard',
  'Name',
  'Status',
  'Inactive',
  'inactive',
  'Add zone',
  'Search name or code',
  'on the map',
  'Map unavailable',
  'Centre',
  'Edit zone',
  'Create zone',
  'Create',
  'Colour',
  'Hex colour',
  'Area',
  'Click the map',
  'Close outline',
  'Reopen outline',
  'Clear',
  'Outline points',
  'Remove',
  'Add a point',
  'Add point',
  'Only active zones',
  'Save changes',
  'Cancel',
  'is required',
  'Draw the zone',
];

describe('the zones’ screens', () => {
  it('keep their English', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Zones' })).toBeInTheDocument();
    expect(await screen.findByText('1 zone on the map; faded ones are inactive.')).toBeInTheDocument();
    cleanup();
    await renderEdit();
    expect(screen.getByRole('heading', { name: 'Edit zone' })).toBeInTheDocument();
    expect(screen.getByText('Closed outline with 3 points. Drag a point to move it; click a handle on an edge to add one.')).toBeInTheDocument();
    cleanup();
    await renderCreate();
    await submitEmpty();
    for (const message of ['Name is required', 'Code is required', 'Draw the zone on the map']) expect(screen.getByText(message)).toBeInTheDocument();
  });

  it.each([
    ['es', ['Zonas', 'Añadir zona', '1 zona en el mapa', 'Inactivo', 'Editar zona', 'Contorno cerrado con 3 puntos', 'Color hexadecimal', 'Guardar cambios', 'El nombre es obligatorio', 'Dibuja la zona en el mapa']],
    ['fr', ['Zones', 'Ajouter une zone', '1 zone sur la carte', 'Inactif', 'Modifier la zone', 'Contour fermé de 3 points', 'Couleur hexadécimale', 'Enregistrer les modifications', 'Le nom est obligatoire', 'Dessinez la zone sur la carte']],
  ] as const)('speak %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    let text = '';
    await renderList();
    await screen.findByText(words[2], { exact: false });
    text += pageWords();
    cleanup();
    await renderEdit();
    text += pageWords();
    cleanup();
    await renderCreate();
    await submitEmpty();
    text += pageWords();
    for (const word of words) expect(text).toContain(word);
    const french = language === 'fr' ? ['inactive'] : [];
    expect(englishLeft(text, ENGLISH.filter((word) => !french.includes(word)))).toEqual([]);
  });

  it('keeps the map of the read after a delete when the read before it answers later', async () => {
    const reads = [deferred<Zone[]>(), deferred<Zone[]>()];
    const signals: AbortSignal[] = [];
    vi.mocked(listAllZones).mockImplementation((_tenant, signal) => {
      signals.push(signal!);
      return reads[signals.length - 1]!.promise;
    });
    vi.mocked(deleteZone).mockResolvedValue(undefined);
    try {
      await renderList();
      await userEvent.click(screen.getByRole('button', { name: 'Actions for Centro' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
      await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      await vi.waitFor(() => expect(signals).toHaveLength(2));
      expect(signals[0]!.aborted).toBe(true);
      await act(async () => reads[1]!.resolve([]));
      await act(async () => reads[0]!.resolve([zone]));
      expect(screen.getByText('No zones yet: add one to draw it here.')).toBeInTheDocument();
    } finally {
      vi.mocked(listAllZones).mockImplementation(async () => [zone]);
    }
  });
});
