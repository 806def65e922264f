import { describe, expect, it } from 'vitest';
import { NetGuard } from './net-guard.ts';

describe('NetGuard', () => {
  const guard = new NetGuard([]);

  it('lets loopback and public addresses through', () => {
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '93.184.216.34', '2606:4700::1111']) expect(guard.refusal(ip), ip).toBeNull();
  });

  it('refuses metadata, link-local, private, shared and unspecified addresses, mapped IPv6 included', () => {
    for (const ip of ['169.254.169.254', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '100.64.0.1', '0.0.0.0', 'fe80::1', 'fd00::1', '::', '::ffff:169.254.169.254', '::ffff:10.0.0.1']) {
      expect(guard.refusal(ip), ip).toMatch(/STACK_NET_ALLOWED_ADDRESSES/);
    }
    expect(guard.refusal('169.254.169.254')).toMatch(/link-local or metadata/);
  });

  it('allows what the allow-list names, by address or range, and nothing beside it', () => {
    const allowing = new NetGuard(['10.20.0.0/16', '192.168.1.7', 'fd12::/16']);
    expect(allowing.refusal('10.20.3.4')).toBeNull();
    expect(allowing.refusal('192.168.1.7')).toBeNull();
    expect(allowing.refusal('fd12::9')).toBeNull();
    expect(allowing.refusal('10.21.0.1')).toMatch(/private/);
    expect(allowing.refusal('192.168.1.8')).toMatch(/private/);
    expect(allowing.refusal('169.254.169.254')).toMatch(/metadata/);
  });
});
