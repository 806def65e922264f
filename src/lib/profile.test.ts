import { describe, expect, it } from 'vitest';
import { displayName, toAppUser } from './profile';

describe('displayName', () => {
  it('joins first and last name', () => expect(displayName('Ada', 'Lovelace')).toBe('Ada Lovelace'));
  it('uses the part that exists', () => {
    expect(displayName(' Ada ', null)).toBe('Ada');
    expect(displayName(undefined, 'Lovelace')).toBe('Lovelace');
  });
  it("falls back to 'Unnamed User'", () => {
    expect(displayName(null, null)).toBe('Unnamed User');
    expect(displayName('  ', '')).toBe('Unnamed User');
  });
});

describe('toAppUser', () => {
  const row = {
    tenant_id: 't1',
    panel_type: 'admin',
    roles: ['admin'],
    first_name: 'Ada',
    last_name: 'Lovelace',
    full_name: 'Ada Lovelace',
    user_type: 'individual',
    status: 'active',
    avatar_url: null,
    language: 'fr',
    tenant: { id: 't1', slug: 'acme', name: { en: 'Acme' } },
  };

  it('reads the profile and its tenant', () => {
    expect(toAppUser('u1', 'admin@acme.test', row)).toEqual({
      id: 'u1',
      email: 'admin@acme.test',
      profile: {
        tenant_id: 't1',
        panel_type: 'admin',
        roles: ['admin'],
        first_name: 'Ada',
        last_name: 'Lovelace',
        full_name: 'Ada Lovelace',
        user_type: 'individual',
        status: 'active',
        avatar_url: null,
        language: 'fr',
      },
      tenant: { id: 't1', slug: 'acme', name: { en: 'Acme' } },
    });
  });

  it('reads no language for a row without one, or with one the app does not speak', () => {
    expect(toAppUser('u1', null, { ...row, language: undefined }).profile?.language).toBeNull();
    expect(toAppUser('u1', null, { ...row, language: 'de' }).profile?.language).toBeNull();
  });

  it('has no profile and no tenant when the row is missing', () => {
    expect(toAppUser('u1', null, null)).toEqual({ id: 'u1', email: null, profile: null, tenant: null });
  });

  it('treats an unknown panel type as none and fills missing names', () => {
    const user = toAppUser('u1', null, { ...row, panel_type: 'superuser', full_name: null, roles: null, name: undefined });
    expect(user.profile?.panel_type).toBeNull();
    expect(user.profile?.full_name).toBe('Ada Lovelace');
    expect(user.profile?.roles).toEqual([]);
  });

  it('keeps a profile whose tenant is gone', () => {
    expect(toAppUser('u1', null, { ...row, tenant_id: null, tenant: null }).tenant).toBeNull();
  });

  it('refuses a row of the wrong shape', () => {
    expect(() => toAppUser('u1', null, { ...row, tenant: { id: 1 } })).toThrow();
  });
});
