import { fullFormats } from 'ajv-formats/dist/formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stepFormats } from './step-formats';

const theirs = fullFormats.date as { validate: (value: string) => boolean };

describe('step formats', () => {
  it('answers as ajv-formats does for dates', () => {
    for (const value of ['2024-02-29', '2023-02-29', '2000-02-29', '1900-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-04-30', '2026-1-01', ' 2026-01-01', '2026-01-01T00:00:00Z', '']) {
      expect(stepFormats.date.validate(value), value).toBe(theirs.validate(value));
    }
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 })).map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`)), (value) => {
        expect(stepFormats.date.validate(value)).toBe(theirs.validate(value));
      }),
    );
  });
});
