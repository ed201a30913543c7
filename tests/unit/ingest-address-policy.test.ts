// Which addresses an import may reach. Judged without any network traffic.
import { describe, expect, it } from 'vitest';
import { refusalFor } from '@/lib/ingest/address-policy';

const off = { allowLoopback: false };
const on = { allowLoopback: true };

describe('refusalFor', () => {
  it.each([
    ['127.0.0.1', /loopback/],
    ['127.8.9.10', /loopback/],
    ['0.0.0.0', /unspecified/],
    ['::1', /loopback/],
    ['::', /unspecified/],
    ['::ffff:7f00:1', /loopback.*127\.0\.0\.1 inside an IPv6 address/],
    ['::ffff:127.0.0.1', /loopback/],
    ['::ffff:a9fe:a9fe', /metadata.*169\.254\.169\.254 inside/],
    ['169.254.169.254', /cloud metadata/],
    ['169.254.1.1', /link-local/],
    ['10.0.0.5', /private \(RFC 1918\)/],
    ['172.16.3.4', /private \(RFC 1918\)/],
    ['172.31.255.255', /private \(RFC 1918\)/],
    ['192.168.1.1', /private \(RFC 1918\)/],
    ['100.64.0.1', /carrier-grade NAT/],
    ['fd00::1', /unique-local/],
    ['fc00::1', /unique-local/],
    ['fe80::1', /link-local/],
    ['64:ff9b::a00:1', /private.*10\.0\.0\.1/],
    ['::ffff:0:7f00:1', /loopback.*127\.0\.0\.1 inside/],
    ['::ffff:0:a9fe:a9fe', /metadata.*169\.254\.169\.254 inside/],
    ['64:ff9b:1::7f00:1', /NAT64/],
    ['64:ff9b:1:7f00:1::', /NAT64/],
    ['64:ff9b:0:0:1::a00:1', /NAT64/],
    ['2002:c0a8:0101::1', /private.*192\.168\.1\.1/],
    ['224.0.0.1', /multicast/],
    ['ff02::1', /multicast/],
    ['255.255.255.255', /broadcast/],
  ])('refuses %s', (address, reason) => {
    expect(refusalFor(address, off)).toMatch(reason);
  });

  it.each(['93.184.215.14', '8.8.8.8', '::ffff:0:808:808', '64:ff9b::808:808', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])(
    'allows the public address %s',
    (address) => {
      expect(refusalFor(address, off)).toBeNull();
    },
  );

  it('allows loopback only when the allow-list is on, and nothing else with it', () => {
    expect(refusalFor('127.0.0.1', on)).toBeNull();
    expect(refusalFor('::1', on)).toBeNull();
    expect(refusalFor('::ffff:7f00:1', on)).toBeNull();
    for (const address of ['0.0.0.0', '::', '10.0.0.1', '169.254.169.254', 'fd00::1', '192.168.0.1']) expect(refusalFor(address, on)).not.toBeNull();
  });

  it('refuses what is not an IP address', () => {
    expect(refusalFor('example.com', off)).toBe('not an IP address');
  });
});
