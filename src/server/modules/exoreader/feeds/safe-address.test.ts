import { describe, expect, it } from 'vitest';
import { FeedError } from './parse-feed.ts';
import { assertPublicHost, isPublicAddress } from './safe-address.ts';

const answers =
  (...ips: string[]) =>
  async (): Promise<string[]> =>
    ips;

async function refusal(run: Promise<void>): Promise<FeedError> {
  try {
    await run;
  } catch (error) {
    if (error instanceof FeedError) return error;
    throw error;
  }
  throw new Error('expected a FeedError');
}

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'documentation'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'IPv6 loopback'],
    ['[::1]', 'bracketed IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with a zone'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, in hex'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['not an address', 'unreadable'],
    ['', 'empty'],
  ])('refuses %s (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
  ])('accepts %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('assertPublicHost', () => {
  it.each(['127.0.0.1', '10.0.0.5', '192.168.0.10', '169.254.169.254', '[::1]', '::1', 'fc00::2', '::ffff:127.0.0.1'])(
    'refuses the literal %s without asking DNS',
    async (host) => {
      const lookup = async (): Promise<string[]> => {
        throw new Error('DNS asked');
      };
      const error = await refusal(assertPublicHost(host, { allowPrivate: false, lookup }));
      expect(error.code).toBe('private_address');
    },
  );

  it('refuses a name that resolves to a private address', async () => {
    const error = await refusal(
      assertPublicHost('intranet.example', { allowPrivate: false, lookup: answers('10.0.0.7') }),
    );
    expect(error.code).toBe('private_address');
    expect(error.message).toBe(
      'intranet.example is on a private network, not the Internet: this server does not read feeds there.',
    );
  });

  it('refuses a name when any of its answers is private', async () => {
    const lookup = answers('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '::1');
    expect((await refusal(assertPublicHost('mixed.example', { allowPrivate: false, lookup }))).code).toBe(
      'private_address',
    );
  });

  it('refuses localhost through the system resolver', async () => {
    expect((await refusal(assertPublicHost('localhost', { allowPrivate: false }))).code).toBe('private_address');
  });

  it('says so when a name has no address', async () => {
    const notFound = async (): Promise<string[]> => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), { code: 'ENOTFOUND' });
    };
    expect((await refusal(assertPublicHost('nowhere.example', { allowPrivate: false, lookup: notFound }))).code).toBe(
      'unknown_host',
    );
    expect((await refusal(assertPublicHost('empty.example', { allowPrivate: false, lookup: answers() }))).code).toBe(
      'unknown_host',
    );
  });

  it('passes other resolver failures on as they are', async () => {
    const failing = async (): Promise<string[]> => {
      throw Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' });
    };
    await expect(assertPublicHost('slow.example', { allowPrivate: false, lookup: failing })).rejects.toThrow(
      'EAI_AGAIN',
    );
  });

  it('accepts public literals and names whose every answer is public', async () => {
    await expect(assertPublicHost('93.184.215.14', { allowPrivate: false })).resolves.toBeUndefined();
    await expect(assertPublicHost('[2606:4700:4700::1111]', { allowPrivate: false })).resolves.toBeUndefined();
    const lookup = answers('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c');
    await expect(assertPublicHost('www.example', { allowPrivate: false, lookup })).resolves.toBeUndefined();
  });

  it('accepts private addresses when the server allows them', async () => {
    await expect(assertPublicHost('127.0.0.1', { allowPrivate: true })).resolves.toBeUndefined();
    await expect(assertPublicHost('[::1]', { allowPrivate: true })).resolves.toBeUndefined();
    await expect(
      assertPublicHost('nas.lan', { allowPrivate: true, lookup: answers('192.168.1.20') }),
    ).resolves.toBeUndefined();
  });
});
