import { describe, expect, it } from 'vitest';
import { configuredDotCount, DEFAULT_SUBDOMAIN_DOT_COUNT, subdomainOf } from '../src/lib/subdomain';

describe('sub-domain mode (000 §9: more dots than the configured count)', () => {
  it('main site hosts have no sub-domain', () => {
    for (const host of ['localhost', 'rides.example', 'www.rides.co', 'rides.example.com'])
      expect(subdomainOf(host, 2)).toBeNull();
  });

  it('a host with more dots than the count is a sub-domain, named by its first label', () => {
    expect(subdomainOf('acme.rides.example.com', 2)).toBe('acme');
    expect(subdomainOf('Acme.Rides.Example.Com.', 2)).toBe('acme');
    expect(subdomainOf('acme.rides.example', 1)).toBe('acme');
  });

  it('IP addresses are never sub-domains', () => {
    expect(subdomainOf('127.0.0.1', 2)).toBeNull();
    expect(subdomainOf('::1', 0)).toBeNull();
  });

  it('reads VITE_SUBDOMAIN_DOT_COUNT, defaulting to 2 on missing or bad values', () => {
    expect(DEFAULT_SUBDOMAIN_DOT_COUNT).toBe(2);
    expect(configuredDotCount('3')).toBe(3);
    expect(configuredDotCount('0')).toBe(0);
    for (const bad of [undefined, '', 'x', '-1', '1.5']) expect(configuredDotCount(bad)).toBe(2);
  });
});
