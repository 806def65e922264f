import { describe, expect, it } from 'vitest';
import { dropToast, MAX_TOASTS, pushToast, type Toast } from './toast-queue';

const toast = (id: number, message = `m${id}`): Toast => ({ id, message, tone: 'info' });

describe('toast queue', () => {
  it('adds toasts in order', () => {
    expect(pushToast([toast(1)], toast(2)).map((t) => t.id)).toEqual([1, 2]);
  });

  it('does not repeat a message already shown', () => {
    expect(pushToast([toast(1, 'same')], toast(2, 'same')).map((t) => t.id)).toEqual([1]);
  });

  it('keeps the newest few', () => {
    let toasts: Toast[] = [];
    for (let id = 1; id <= MAX_TOASTS + 2; id++) toasts = pushToast(toasts, toast(id));
    expect(toasts.map((t) => t.id)).toEqual([3, 4, 5]);
  });

  it('drops a toast by id', () => {
    expect(dropToast([toast(1), toast(2)], 1).map((t) => t.id)).toEqual([2]);
  });
});
