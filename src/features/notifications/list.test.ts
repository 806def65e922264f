import { describe, expect, it } from 'vitest';
import { rowsFromList } from '../../lib/realtime';
import { notificationItems, notificationTarget } from './list';
import type { Notification } from './schema';

const row = (id: string, created_at: string, read_at: string | null = null): Notification => ({
  id,
  tenant_id: 't',
  user_id: 'u',
  title: `n${id}`,
  body: null,
  link: null,
  read_at,
  created_at,
});

describe('notificationItems', () => {
  it('sorts newest first, keeps one page and marks what is unread', () => {
    const rows = rowsFromList([row('a', '2026-01-01T10:00:00Z'), row('b', '2026-01-02T10:00:00Z', '2026-01-02T11:00:00Z'), row('c', '2026-01-03T10:00:00Z')]);
    expect(notificationItems(rows, new Set()).map((item) => [item.id, item.unread])).toEqual([
      ['c', true],
      ['b', false],
      ['a', true],
    ]);
  });

  it('shows locally marked notifications as read before the server confirms', () => {
    const rows = rowsFromList([row('a', '2026-01-01T10:00:00Z')]);
    expect(notificationItems(rows, new Set(['a']))[0]?.unread).toBe(false);
  });

  it('never shows more than 50', () => {
    const rows = rowsFromList(Array.from({ length: 60 }, (_, i) => row(String(i), new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString())));
    const items = notificationItems(rows, new Set());
    expect(items).toHaveLength(50);
    expect(items[0]?.id).toBe('59');
  });
});

describe('notificationTarget', () => {
  it('follows in-app paths and opens http(s) elsewhere', () => {
    expect(notificationTarget('/acme/admin')).toEqual({ kind: 'internal', href: '/acme/admin' });
    expect(notificationTarget('https://example.com/x')).toEqual({ kind: 'external', href: 'https://example.com/x' });
  });

  it('refuses other schemes and protocol-relative links', () => {
    expect(notificationTarget('javascript:alert(1)')).toBeNull();
    expect(notificationTarget('//evil.example')).toBeNull();
    expect(notificationTarget('')).toBeNull();
    expect(notificationTarget(null)).toBeNull();
  });
});
