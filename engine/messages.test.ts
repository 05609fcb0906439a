import { describe, expect, it } from 'vitest';
import { enginePo, engineI18n } from './test-fixtures/engine-i18n';
import type { RJSFValidationError } from '@rjsf/utils';
import { withRuledFields } from './visibility';
import { createTransformErrors, ERROR_KEYWORDS, withoutUnfillableRequired } from './error-messages';
import { judgingKit } from './judging-kit';
import { fieldErrorsToErrorSchema } from './messages';

describe('engine messages', () => {
  it('every locale has the same ids, all translated, and uz/ru differ from en', () => {
    const en = enginePo('en');
    // Brand names, the currency whose English text is the Uzbek word itself, and May, which Uzbek also calls May.
    const brands = new Set(['engine.option.payme', 'engine.option.click', 'engine.option.octo', 'engine.option.alif', 'engine.currency', 'engine.month.5']);
    for (const locale of ['uz', 'ru'] as const) {
      const other = enginePo(locale);
      expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
      for (const [id, text] of Object.entries(other)) {
        expect(text, `${locale} ${id}`).not.toBe('');
        if (!brands.has(id)) expect(text, `${locale} ${id} copies English`).not.toBe(en[id]);
      }
    }
    for (const keyword of ERROR_KEYWORDS) expect(en[`engine.error.${keyword}`], keyword).toBeDefined();
  });

  it('translates ajv errors: errorMessage ids and keywords with params', () => {
    const transform = createTransformErrors(engineI18n('ru'), judgingKit);
    const [latin, min] = transform([
      { name: 'errorMessage', message: 'use_latin_alphabet', property: '.name', stack: '', params: {}, schemaPath: '' },
      { name: 'minItems', message: 'x', property: '.list', stack: '', params: { limit: 2 }, schemaPath: '' },
    ]);
    expect(latin?.message).toBe('Используйте латинские буквы');
    expect(min?.message).toBe('Добавьте не менее 2');
    expect(min?.stack).toBe(min?.message);
  });

  it('writes the limits of an amount as the page writes amounts', () => {
    const [max, step, small] = createTransformErrors(engineI18n('en'), judgingKit)([
      { name: 'maximum', message: 'x', property: '.sum', stack: '', params: { comparison: '<=', limit: 50_000_000 }, schemaPath: '' },
      { name: 'multipleOf', message: 'x', property: '.sum', stack: '', params: { multipleOf: 500_000 }, schemaPath: '' },
      { name: 'maximum', message: 'x', property: '.days', stack: '', params: { comparison: '<=', limit: 365 }, schemaPath: '' },
    ]);
    expect(max?.message).toBe('The value must be at most 50 000 000');
    expect(step?.message).toBe('The value must be a multiple of 500 000');
    expect(small?.message).toBe('The value must be at most 365');
  });

  it('asks to choose where the missing answer is a choice among options, and to fill in elsewhere', () => {
    const ui = { programId: { 'ui:widget': 'program-cards' }, region: { 'ui:widget': 'select' }, rows: { items: { kind: { 'ui:widget': 'radio' } } }, name: { 'ui:widget': 'text' } };
    const missing = (property: string): RJSFValidationError => ({ name: 'required', property, message: 'x', stack: '', params: { missingProperty: property.split('.').pop() }, schemaPath: '#/required' });
    const messages = createTransformErrors(engineI18n('uz'), judgingKit)([missing('.programId'), missing('.region'), missing('.rows.0.kind'), missing('.name')], ui).map((e) => e.message);
    const [choose, fill] = [engineI18n('uz')._('engine.error.enum'), engineI18n('uz')._('engine.error.required')];
    expect(messages).toEqual([choose, choose, choose, fill]);
  });

  it('says once, as the shape to type, what a mistyped passport, tech passport, plate, document or phone breaks', () => {
    const ui = { passport: { 'ui:widget': 'passport' }, tech: { 'ui:widget': 'passport', 'ui:options': { seriesLength: 3 } }, plate: { 'ui:widget': 'plate' }, document: { 'ui:widget': 'document' }, phone: { 'ui:widget': 'phone' }, name: { 'ui:widget': 'text' } };
    const schema = { type: 'object', properties: { document: { type: 'string', minLength: 5, maxLength: 15 } } };
    const broken = (property: string, name: string): RJSFValidationError => ({ name, property, message: 'x', stack: '', params: { limit: 9 }, schemaPath: '' });
    const messages = createTransformErrors(engineI18n('ru'), judgingKit)([
      broken('.passport', 'minLength'), broken('.passport', 'pattern'),
      broken('.tech', 'pattern'),
      broken('.plate', 'minLength'), broken('.plate', 'pattern'),
      broken('.document', 'minLength'), broken('.document', 'pattern'),
      broken('.phone', 'pattern'),
      broken('.name', 'minLength'), broken('.name', 'pattern'),
    ], ui, schema).map((e) => `${e.property} ${e.message}`);
    expect(messages).toEqual([
      '.passport Введите 2 буквы и 7 цифр, как в документе: AA1234567',
      '.tech Введите 3 буквы и 7 цифр, как в документе: AAF0390422',
      '.plate Введите номер так, как на машине: 01 A 123 BC (у организации: 01 123 ABC)',
      '.document Введите номер так, как он напечатан в документе: от 5 до 15 латинских букв и цифр',
      '.phone Введите 9 цифр номера после +998',
      '.name Введите не менее 9 символов',
      '.name Значение в неверном формате',
    ]);
  });

  it('says an amount out of its bounds or between its steps once, as its whole range and step', () => {
    const schema = { type: 'object', properties: { sum: { type: 'integer', minimum: 1_000_000, maximum: 50_000_000, multipleOf: 500_000 }, salary: { type: 'integer', minimum: 1_000_000, maximum: 100_000_000 } } };
    const ui = { sum: { 'ui:widget': 'money' }, salary: { 'ui:widget': 'money' } };
    const broken = (property: string, name: string, params: Record<string, unknown>): RJSFValidationError => ({ name, property, message: 'x', stack: '', params, schemaPath: '' });
    const messages = createTransformErrors(engineI18n('uz'), judgingKit)([
      broken('.sum', 'minimum', { limit: 1_000_000 }), broken('.sum', 'multipleOf', { multipleOf: 500_000 }),
      broken('.salary', 'maximum', { limit: 100_000_000 }),
    ], ui, schema).map((e) => `${e.property} ${e.message}`);
    expect(messages.map((m) => m.replace(/\s/g, ' '))).toEqual([
      '.sum 1 000 000 dan 50 000 000 soʻmgacha, 500 000 qadam bilan summa kiriting',
      '.salary 1 000 000 dan 100 000 000 soʻmgacha summa kiriting',
    ]);
  });

  it('says nothing under a read-only field the visitor cannot fill while another error says what to do', () => {
    const ui = { days: { 'ui:readonly': true }, persons: { items: { firstName: { 'ui:readonly': true } } } };
    const error = (property: string, name = 'required'): RJSFValidationError => ({ name, property, message: 'x', stack: '', params: {}, schemaPath: '' });
    const days = error('.days');
    const name = error('.persons.1.firstName');
    const passport = error('.persons.1.passport', 'pattern');
    // Another field's error, or the flow's own (a lookup that found nobody), says what to do.
    expect(withoutUnfillableRequired([days, name, passport], ui, false, judgingKit)).toEqual([passport]);
    expect(withoutUnfillableRequired([days, name], ui, true, judgingKit)).toEqual([]);
    // Alone, it stays: Next is never refused without a word.
    expect(withoutUnfillableRequired([days, name], ui, false, judgingKit)).toEqual([days, name]);
    // A row field a rule made read-only is found too: the rules turn the rows' uiSchema into rjsf's per-row function.
    const ruled = withRuledFields({ persons: { items: {} } }, [], ['/persons/1/firstName']);
    expect(withoutUnfillableRequired([name, passport], ruled, false, judgingKit)).toEqual([passport]);
    // A field the visitor fills keeps its own.
    expect(withoutUnfillableRequired([error('.persons.1.passport'), name], ui, false, judgingKit)).toEqual([error('.persons.1.passport')]);
  });

  it('turns field errors into a translated error schema', () => {
    expect(fieldErrorsToErrorSchema({ '/persons/1': 'datas_not_found', '/phone': 'use_latin_alphabet' }, engineI18n('en'))).toEqual({
      persons: { 1: { __errors: ['No data was found for these details'] } },
      phone: { __errors: ['Use Latin letters'] },
    });
    expect(fieldErrorsToErrorSchema({}, engineI18n('en'))).toBeUndefined();
    // A message with placeholders carries their values.
    expect(fieldErrorsToErrorSchema({ '/startDate': { id: 'engine.error.date-min', values: { date: '01.07.2030' } } }, engineI18n('en'))).toEqual({
      startDate: { __errors: ['The date cannot be earlier than 01.07.2030'] },
    });
  });
});
