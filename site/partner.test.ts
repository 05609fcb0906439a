import { describe, expect, it } from 'vitest';
import { adFromLocation } from './partner';

describe('adFromLocation', () => {
  it('prefers the route parameter, then the query, else none', () => {
    expect(adFromLocation({ pathname: '/en/travel/neo', search: '' })).toBe('neo');
    expect(adFromLocation({ pathname: '/en/travel/neo', search: '?ad=other' })).toBe('neo');
    expect(adFromLocation({ pathname: '/en/housing', search: '?ad=neo&step=program' })).toBe('neo');
    expect(adFromLocation({ pathname: '/en/housing', search: '?step=program' })).toBeNull();
    expect(adFromLocation({ pathname: '/en/thank-you/42', search: '' })).toBeNull();
  });
});
