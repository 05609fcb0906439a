// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import Form from '@rjsf/core';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import type { FileRef } from '../definition';
import { memoryFileStore } from '../files/file-store';
import { draftFiles } from '../files/draft-files';
import type { PhotoCodec } from '../files/prepare';
import { engineI18n } from '../test-fixtures/engine-i18n';
import { documentSchema } from '../test-fixtures/file-definition';
import { theme } from '../theme';
import type { FlowFormContext } from '../ui';
import { stepValidatorOptions } from '../validator-options';
import { fileRuleOf } from './file-field';

afterEach(cleanup);
beforeAll(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

const photoSchema = { ...documentSchema, title: 'photo', properties: { ...documentSchema.properties, type: { type: 'string', enum: ['image/jpeg', 'image/png', 'image/webp'] } } };
const schema: RJSFSchema = { type: 'object', properties: { photo: photoSchema as RJSFSchema } };
const validator = customizeValidator(stepValidatorOptions);
const jpeg = () => new File([readFileSync(resolve(process.cwd(), 'tests/fixtures/pet-face.jpg'))], 'IMG_0042.JPG');

function mount(codec: PhotoCodec, formData: { photo?: FileRef } = {}, files = draftFiles(memoryFileStore(), 'd')) {
  const onChange = vi.fn();
  const formContext: FlowFormContext = { options: {}, locale: 'en', files, photoCodec: codec };
  render(
    <I18nProvider i18n={engineI18n('en', { photo: 'Photo of the pet' })}>
      <Form schema={schema} uiSchema={{ photo: { 'ui:field': 'file' } }} validator={validator} formData={formData} formContext={formContext} {...theme} onChange={(event) => onChange(event.formData)} idPrefix="flow-pet">
        <span />
      </Form>
    </I18nProvider>,
  );
  return { onChange, files };
}

describe('the file field', () => {
  it('says what it takes, and offers the camera where photos are taken', async () => {
    mount({ downscale: async (blob) => blob });
    await screen.findByRole('group', { name: /Photo of the pet/ });
    expect(screen.getByText('JPEG, PNG, WebP, up to 10 MB')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Take a photo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose a file' }).id).toBe('flow-pet_photo');
    const camera = document.querySelector<HTMLInputElement>('input[capture]');
    expect(camera?.getAttribute('capture')).toBe('environment');
    expect(camera?.accept).toBe('image/jpeg,image/png,image/webp');
  });

  it('makes a chosen photo smaller, keeps it, previews it and gives the form its FileRef', async () => {
    const small = new Blob([new Uint8Array(2048)], { type: 'image/jpeg' });
    const codec: PhotoCodec = { downscale: vi.fn(async () => small) };
    const { onChange, files } = mount(codec);
    const input = await screen.findByTestId('flow-pet_photo__input');
    Object.defineProperty(input, 'files', { value: [jpeg()], configurable: true });
    fireEvent.change(input);
    const preview = await screen.findByRole('img', { name: 'Preview of IMG_0042.jpg' });
    expect(preview.getAttribute('src')).toBe('blob:preview');
    expect(codec.downscale).toHaveBeenCalledWith(expect.any(File), 2000);
    const ref = onChange.mock.calls.at(-1)?.[0]?.photo as FileRef;
    expect(ref).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), name: 'IMG_0042.jpg', type: 'image/jpeg', size: 2048 });
    expect((await files.get('flow-pet_photo'))?.blob).toBe(small);
    expect(screen.getByText('2 KB')).toBeTruthy();
  });

  it('offers to try again when the device would not keep the file', async () => {
    const files = draftFiles(memoryFileStore(), 'd');
    const put = vi.spyOn(files, 'put').mockRejectedValueOnce(new Error('QuotaExceededError'));
    mount({ downscale: async () => new Blob([new Uint8Array(10)]) }, {}, files);
    const input = await screen.findByTestId('flow-pet_photo__input');
    Object.defineProperty(input, 'files', { value: [jpeg()], configurable: true });
    fireEvent.change(input);
    expect((await screen.findByRole('alert')).textContent).toContain('The file could not be kept on this device.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('img', { name: 'Preview of IMG_0042.jpg' });
    expect(put).toHaveBeenCalledTimes(2);
  });

  it('reads its rule from the FileRef schema', () => {
    expect(fileRuleOf(documentSchema)).toEqual({ types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'], maxBytes: 10 * 1024 * 1024 });
    expect(fileRuleOf({})).toEqual({ types: [], maxBytes: 0 });
  });
});
