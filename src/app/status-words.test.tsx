// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, translator } from '../lib/i18n/catalogue';
import { useStatuses } from '../lib/status-vocabulary';
import { defaultStatus, listNews } from '../lib/use-server-list';
import { StatusChip } from '../ui/Chip';
import { newsSentence } from '../ui/data-table/news';
import { uiMessages } from '../ui/messages';
import uiEs from '../ui/messages/es';
import { deliveryStatus, exceptionType, returnStatus } from '../data/statuses';

const wrapper = ({ children }: { children: ReactNode }) => <Suspense fallback="loading">{children}</Suspense>;

afterEach(async () => {
  cleanup();
  await act(() => applyLanguage('en'));
});

describe('status words in the page’s language', () => {
  it('gives a vocabulary in Spanish and French: its words change, its tones and order stay, an unknown value still shows', async () => {
    const { result } = renderHook(() => useStatuses(deliveryStatus), { wrapper });
    expect(result.current.label('picked_up')).toBe('Picked up');
    // The switch loads the words of every screen in use, then shows them at once.
    await act(() => applyLanguage('es'));
    expect(result.current.options.map((option) => option.value)).toEqual([...deliveryStatus.values]);
    expect(result.current.label('picked_up')).toBe('Recogida');
    expect(result.current.options[0]).toEqual({ value: 'pending', label: 'Pendiente' });
    expect(result.current.tones).toEqual(deliveryStatus.tones);
    expect(result.current.tone('failed')).toBe('error');
    expect(result.current.label('half_way')).toBe('Half way');
    expect(result.current.tone('half_way')).toBe('neutral');

    await act(() => applyLanguage('fr'));
    expect(result.current.label('delivered')).toBe('Livrée');
    expect(result.current.labels.in_transit).toBe('En transit');
  });

  it('keeps the English words of every screen in English', async () => {
    const { result } = renderHook(() => useStatuses(returnStatus), { wrapper });
    expect(result.current.labels).toEqual(returnStatus.labels);
    expect(returnStatus.label('pickup_scheduled')).toBe('Pickup scheduled');
    expect(exceptionType.label('address_problem')).toBe('Address problem');
  });

  it('shows a chip of a shared vocabulary in the page’s language, and follows a switch', async () => {
    render(<StatusChip vocabulary={deliveryStatus} status="in_transit" />, { wrapper });
    expect(screen.getByText('In transit')).toBeInTheDocument();
    await act(() => applyLanguage('es'));
    expect(await screen.findByText('En tránsito')).toBeInTheDocument();
    await act(() => applyLanguage('fr'));
    expect(screen.getByText('En transit')).toBeInTheDocument();
  });

  it('says a live list’s news in Spanish, the status word included', async () => {
    const { result } = renderHook(() => useStatuses(deliveryStatus), { wrapper });
    await act(() => applyLanguage('es'));
    expect(result.current.label('delivered')).toBe('Entregada');
    const order = (id: string, status: string) => ({ id, code: id.toUpperCase(), status });
    const news = listNews([order('d-1', 'in_transit')], [order('d-1', 'delivered')], (row) => row.id, (row) => defaultStatus(row, result.current));
    expect(news.statusChanged).toEqual([{ row: order('d-1', 'delivered'), status: 'Entregada' }]);
    const say = translator(uiMessages, 'es', uiEs);
    expect(newsSentence(news, 'Entregas', (row) => row.code, say)).toBe('D-1: ahora Entregada.');
  });
});
