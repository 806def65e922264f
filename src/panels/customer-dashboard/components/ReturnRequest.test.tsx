// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n/catalogue';
import type { CustomerDelivery } from '../schema';
import { ReturnAction } from './ReturnRequest';
import { cleanupInEnglish } from '../../../test/render-page';

vi.mock('../api', () => ({ requestReturn: vi.fn() }));

afterEach(cleanupInEnglish);

describe('ReturnAction', () => {
  it('says an open return’s status in the page’s language', async () => {
    const delivery = { id: 'd1' } as unknown as CustomerDelivery;
    render(
      <Suspense fallback="loading">
        <ReturnAction tenantId="t1" delivery={delivery} openReturn={{ id: 'r1', code: 'ACME-R1', status: 'requested' } as never} />
      </Suspense>,
    );
    expect(await screen.findByTestId('customer-delivery-return')).toHaveTextContent(/ACME-R1: requested$/);
    await act(() => applyLanguage('es'));
    const chip = screen.getByTestId('customer-delivery-return');
    expect(chip).not.toHaveTextContent(/requested/);
    expect(chip).toHaveTextContent(/ACME-R1.*solicitad[ao]$/);
  });
});
