import { ariaDescribedByIds, optionId } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { choiceId, describedByIds } from './ui';

describe('engine ids', () => {
  it('are the ids rjsf gives a field\'s messages and a choice\'s options', () => {
    for (const id of ['flow-car_brand', 'root', 'flow-drivers_drivers_1_passport']) {
      expect(describedByIds(id)).toBe(ariaDescribedByIds(id));
      expect(choiceId(id, 3)).toBe(optionId(id, 3));
    }
  });
});
