import { describe, expect, it } from 'vitest';
import { adFromLocation, knowProductPages } from './partner';
import { products } from './products';

describe('adFromLocation', () => {
  it('prefers the route parameter, then the query, else none', () => {
    knowProductPages(products.map((product) => product.manifest));
    expect(adFromLocation({ pathname: '/en/travel/neo', search: '' })).toBe('neo');
    expect(adFromLocation({ pathname: '/en/travel/neo', search: '?ad=other' })).toBe('neo');
    expect(adFromLocation({ pathname: '/en/housing', search: '?ad=neo&step=program' })).toBe('neo');
    expect(adFromLocation({ pathname: '/en/housing', search: '?step=program' })).toBeNull();
    expect(adFromLocation({ pathname: '/en/thank-you/42', search: '' })).toBeNull();
  });

  it('a flow page that knows only its own product still reads its partner', () => {
    const travel = products.find((product) => product.manifest.id === 'travel');
    if (!travel) throw new Error('no travel product');
    knowProductPages([travel.manifest]);
    expect(adFromLocation({ pathname: '/ru/travel/neo', search: '' })).toBe('neo');
    expect(adFromLocation({ pathname: '/ru/mobile/travel/neo', search: '?step=countries' })).toBe('neo');
  });
});
