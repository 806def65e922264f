// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defineCatalogue } from '../../lib/i18n/catalogue';
import { useRecordToasts } from './record-save';

afterEach(cleanup);

const words = {
  'toast.created': 'Zone created successfully',
  'toast.updated': 'Zone updated successfully',
  'toast.createFailed': 'Failed to create zone',
  'toast.updateFailed': 'Failed to update zone',
  'toast.fetchFailed': 'Failed to fetch zone',
  'toast.notFound': 'Zone not found',
};
const none = async () => ({ default: {} as never });

describe('useRecordToasts', () => {
  it("words a record page's toasts from its area's catalogue", () => {
    const catalogue = defineCatalogue('test-record-toasts', { ...words, 'toast.validation': 'Check the form', 'toast.unknown': 'Something went wrong' }, { es: none, fr: none });
    const { result } = renderHook(() => useRecordToasts(catalogue));
    expect(result.current).toEqual({
      created: 'Zone created successfully',
      updated: 'Zone updated successfully',
      createFailed: 'Failed to create zone',
      updateFailed: 'Failed to update zone',
      validation: 'Check the form',
      unknown: 'Something went wrong',
      fetchFailed: 'Failed to fetch zone',
      notFound: 'Zone not found',
    });
  });

  it("leaves validation and unknown to the kit's words where the area has none", () => {
    const catalogue = defineCatalogue('test-record-toasts-short', words, { es: none, fr: none });
    const { result } = renderHook(() => useRecordToasts(catalogue));
    expect(result.current).not.toHaveProperty('validation');
    expect(result.current).not.toHaveProperty('unknown');
    expect(result.current.notFound).toBe('Zone not found');
  });
});
