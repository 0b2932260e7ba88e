import { describe, expect, it } from 'vitest';
import { googleMapsUrl, wazeUrl } from '../src/lib/navigation';

describe('navigation links (000 §7)', () => {
  const point = { lat: 32.81, lng: 34.98 };
  it('go to the point', () => {
    expect(googleMapsUrl(point)).toBe('https://www.google.com/maps/dir/?api=1&destination=32.81,34.98');
    expect(wazeUrl(point)).toBe('https://waze.com/ul?ll=32.81,34.98&navigate=yes');
  });
  it('go to a navigation address instead when there is one (000 §2), encoded', () => {
    expect(googleMapsUrl(point, 'הנמל 5, חיפה & co')).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('הנמל 5, חיפה & co')}`,
    );
    expect(wazeUrl(point, 'HaNamal 5')).toBe('https://waze.com/ul?q=HaNamal%205&navigate=yes');
    expect(googleMapsUrl(point, '')).toContain('destination=32.81,34.98');
    expect(wazeUrl(point, null)).toContain('ll=32.81,34.98');
  });
});
