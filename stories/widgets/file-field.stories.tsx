import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { createUploadTracker } from '../../engine/files/upload-tracker';
import { UploadPanel } from '../../engine/files/upload-panel';
import type { Envelope, FormBody } from '../../engine/definition';
import { WidgetForm } from './widget-form';
import tallPhoto from '../../tests/fixtures/tall-photo-exif-6.jpg?url';
import petFace from '../../tests/fixtures/pet-face.jpg?url';
import certificate from '../../tests/fixtures/salary-certificate.pdf?url';

/**
 * The file field: drop a file, choose one, or take a photo on a phone; the page reads what the file
 * is from its bytes, makes a photo at most 2000 px on its long side and upright, keeps it on the
 * device and shows it; a refused file says why. Below, the bars a save with files draws while it
 * uploads, and what it says when the connection drops.
 */
const meta: Meta<typeof WidgetForm> = {
  title: 'Widgets/File',
  component: WidgetForm,
  parameters: { layout: 'padded' },
  args: { name: 'file', uiSchema: { photo: { 'ui:field': 'file' }, document: { 'ui:field': 'file' } } },
};
export default meta;

type Story = StoryObj<typeof WidgetForm>;

/** Hands a file to a file field's input, as the system's dialog would. */
async function choose(canvas: HTMLElement, field: 'photo' | 'document', url: string, name: string) {
  const input = await waitFor(() => {
    const found = canvas.querySelector<HTMLInputElement>(`[data-testid="story-file_${field}__input"]`);
    if (!found) throw new Error('no file input');
    return found;
  });
  const blob = await (await fetch(url)).blob();
  const transfer = new DataTransfer();
  transfer.items.add(new File([blob], name));
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

export const Empty: Story = {};

export const RequiredAndMissing: Story = { args: { validateOnMount: true } };

/** A photo stored on its side (3000 × 2000, EXIF orientation 6) is kept upright and at most 2000 px: 1333 × 2000. */
export const PhotoMadeSmallerAndUpright: Story = {
  play: async ({ canvasElement }) => {
    await choose(canvasElement, 'photo', tallPhoto, 'IMG_0042.JPG');
    const preview = await waitFor(() => {
      const img = canvasElement.querySelector<HTMLImageElement>('img[alt*="IMG_0042.jpg"]');
      if (!img) throw new Error('no preview yet');
      return img;
    }, { timeout: 8000 });
    const kept = await createImageBitmap(await (await fetch(preview.src)).blob());
    expect([kept.width, kept.height]).toEqual([1333, 2000]);
    await waitFor(() => expect(canvasElement.querySelector('[data-testid="form-data"]')?.textContent).toContain('"type": "image/jpeg"'));
  },
};

/** A program named `cat.jpg` is refused by what it holds, and the field says so. */
export const ProgramNamedAsPhoto: Story = {
  play: async ({ canvasElement }) => {
    const input = await waitFor(() => canvasElement.querySelector<HTMLInputElement>('[data-testid="story-file_photo__input"]') ?? Promise.reject(new Error('no input')));
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00])], 'cat.jpg', { type: 'image/jpeg' }));
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => expect(canvasElement.querySelector('[role="alert"]')?.textContent).toBeTruthy());
  },
};

/** A PDF where documents are taken, shown by its name and size. */
export const DocumentPdf: Story = {
  play: async ({ canvasElement }) => {
    await choose(canvasElement, 'document', certificate, 'spravka.pdf');
    await waitFor(() => expect(canvasElement.querySelector('[data-testid="story-file_document__kept"]')?.textContent).toContain('spravka.pdf'), { timeout: 8000 });
  },
};

/** Both fields filled: the pet's photo and a document. */
export const BothKept: Story = {
  play: async ({ canvasElement }) => {
    await choose(canvasElement, 'photo', petFace, 'mosh.jpg');
    await choose(canvasElement, 'document', certificate, 'spravka.pdf');
    await waitFor(() => expect(canvasElement.querySelectorAll('[data-testid$="__kept"]')).toHaveLength(2), { timeout: 8000 });
  },
};

/** The bars of an upload: a tracker fed by a port that stops part way, or drops the connection. */
function Upload({ drop }: { drop: boolean }) {
  const [tracker] = useState(() => {
    const made = createUploadTracker();
    const body: FormBody = {
      fields: [['nickname', 'Mosh']],
      files: [
        { name: 'photo_1', filename: 'mosh-face.jpg', blob: new Blob([new Uint8Array(600_000)]) },
        { name: 'photo_2', filename: 'mosh-side.jpg', blob: new Blob([new Uint8Array(400_000)]) },
      ],
    };
    const api = made.track({
      get: () => Promise.reject(new Error('unused')),
      post: () => Promise.reject(new Error('unused')),
      postForm: (_path, _body, onProgress) => {
        onProgress?.(700_000, 1_000_500);
        return drop ? Promise.reject(Object.assign(new Error('Network Error'), { status: null })) : new Promise<Envelope<never>>(() => undefined);
      },
    });
    api.postForm('/save', body).catch(() => undefined);
    return made;
  });
  return (
    <form id="story-upload" className="mx-auto max-w-xl bg-white p-6" onSubmit={(event) => event.preventDefault()}>
      <UploadPanel tracker={tracker} form="story-upload" />
    </form>
  );
}

export const UploadSending: StoryObj<typeof Upload> = {
  render: () => <Upload drop={false} />,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('[role="progressbar"]')).toHaveLength(2));
    expect(canvasElement.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('100');
  },
};

export const UploadConnectionDropped: StoryObj<typeof Upload> = {
  render: () => <Upload drop />,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[role="alert"] button[type="submit"]')).not.toBeNull());
  },
};
