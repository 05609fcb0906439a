import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { genericErrorId, networkErrorId, toFailure, tooManyAttemptsId } from './binding-failure';
import { apiFailure } from '../testing/fake-api';

const languages = ['uz', 'en', 'ru'] as const;

describe('the failures every binding may raise', () => {
  // Any product's call can go unanswered or be refused: their messages are the engine's, which
  // every flow page loads, not each product's (casco's plate once showed the raw `network_error`).
  it('are worded in the engine catalog of every language', () => {
    for (const lang of languages) {
      const catalog = readFileSync(new URL(`../../../locales/${lang}/engine.po`, import.meta.url), 'utf8');
      for (const id of [networkErrorId, genericErrorId, tooManyAttemptsId]) {
        expect(catalog, `${id} in locales/${lang}/engine.po`).toMatch(new RegExp(`^msgid "${id}"\\nmsgstr "[^"]+"$`, 'm'));
      }
    }
  });

  it('say a lookup held back after too many misses (HTTP 429) as such, at the field asked about', () => {
    const field = { step: 'personal', path: '/applicant/passport' };
    const failure = toFailure(apiFailure(429, { result: false, error: 429, message: 'too many lookups of this passport found nothing: try again later', response: null }), { field });
    expect(failure).toMatchObject({ messageId: tooManyAttemptsId, field });
  });
});
