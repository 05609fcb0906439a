// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { FlowRunner } from '../flow-runner';
import { loadFileSupport } from './on-demand';
import { fileHousekeepingDelayMs } from './support';
import { engineI18n } from '../test-fixtures/engine-i18n';
import { MemoryStorage } from '../test-fixtures/memory-storage';
import { fileApi, fileDefinition, fileMessages } from '../test-fixtures/file-definition';
import { memoryFileStore, type FileStore } from './file-store';
import { draftFilesId, randomId } from './draft-files';

afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

beforeAll(async () => {
  // As the site does before a flow with file fields renders.
  await loadFileSupport();
  // jsdom has no object URLs; the previews only need a string.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

const fixture = (name: string, as = name) => new File([readFileSync(resolve(process.cwd(), 'tests/fixtures', name))], as, { type: 'application/octet-stream' });

function mount(options: { storage?: Storage; fileStore?: FileStore; api?: ReturnType<typeof fileApi> } = {}) {
  const storage = options.storage ?? new MemoryStorage();
  const fileStore = options.fileStore ?? memoryFileStore();
  const api = options.api ?? fileApi();
  const view = render(
    <I18nProvider i18n={engineI18n('en', fileMessages)}>
      <FlowRunner definition={fileDefinition} api={api} stepInUrl={null} onStepChange={() => undefined} stepHref={(step) => `?step=${step}`} storage={storage} fileStore={fileStore} />
    </I18nProvider>,
  );
  return { storage, fileStore, api, view };
}

/** Chooses a file in the document field, as the system's file dialog would hand it over. */
async function choose(file: File) {
  // The file field loads with the first step that draws one.
  const input = await screen.findByTestId('flow-papers_document__input', {}, { timeout: 10_000 });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

async function fillAndSave(file: File) {
  await choose(file);
  await screen.findByTestId('flow-papers_document__kept');
  fireEvent.change(screen.getByLabelText(/Nickname/), { target: { value: 'Mosh' } });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
}

describe('a flow with a file field', () => {
  it('keeps a chosen PDF on the device and sends it as a part of the save, a bar following the upload', async () => {
    const { api, fileStore, storage } = mount();
    await fillAndSave(fixture('salary-certificate.pdf', 'spravka.pdf'));
    await waitFor(() => expect(api.uploads).toHaveLength(1));
    const upload = api.uploads[0];
    if (!upload) throw new Error('no upload');
    expect(upload.body.fields).toEqual([['nickname', 'Mosh']]);
    expect(upload.body.files[0]).toMatchObject({ name: 'document', filename: 'spravka.pdf' });
    expect(await upload.body.files[0]?.blob.text()).toBe(await fixture('salary-certificate.pdf').text());
    expect(await screen.findByText('Sending 1 file')).toBeTruthy();
    act(() => upload.progress(upload.total / 2 + 100));
    const bar = screen.getByRole('progressbar', { name: 'Sending spravka.pdf' });
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(40);
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeLessThan(60);
    act(() => upload.answer());
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
    // Paid: the policy's step clears the draft's files from the device.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull());
    await waitFor(async () => expect(await fileStore.get(draftFilesId(storage, 'files', randomId), 'flow-papers_document')).toBeNull());
  });

  it('finds its file again after a reload in the middle of the upload, and sends it again', async () => {
    const first = mount();
    await fillAndSave(fixture('salary-certificate.pdf', 'spravka.pdf'));
    await waitFor(() => expect(first.api.uploads).toHaveLength(1));
    act(() => first.api.uploads[0]?.progress(1000));
    // The page goes away mid-upload (pagehide writes the draft), and comes back.
    act(() => window.dispatchEvent(new Event('pagehide')));
    first.view.unmount();
    const again = mount({ storage: first.storage, fileStore: first.fileStore });
    const kept = await screen.findByTestId('flow-papers_document__kept');
    expect(kept.textContent).toContain('spravka.pdf');
    expect((screen.getByLabelText(/Nickname/) as HTMLInputElement).value).toBe('Mosh');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(again.api.uploads).toHaveLength(1));
    expect(await again.api.uploads[0]?.body.files[0]?.blob.text()).toBe(await fixture('salary-certificate.pdf').text());
    act(() => again.api.uploads[0]?.answer());
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
  });

  it('says the files were not sent when the connection drops, and sends them again on request', async () => {
    const { api } = mount();
    await fillAndSave(fixture('salary-certificate.pdf', 'spravka.pdf'));
    await waitFor(() => expect(api.uploads).toHaveLength(1));
    act(() => api.uploads[0]?.progress(500));
    act(() => api.uploads[0]?.fail());
    expect(await screen.findByText('The file was not sent')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(api.uploads).toHaveLength(2));
    act(() => api.uploads[1]?.answer());
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
  });

  it('refuses a program named as a photo, and a file too big, saying why; keeps nothing', async () => {
    const { fileStore, storage } = mount();
    await choose(new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3])], 'cat.jpg', { type: 'image/jpeg' }));
    expect((await screen.findByRole('alert')).textContent).toContain('A file of this type cannot be sent here');
    const pdf = readFileSync(resolve(process.cwd(), 'tests/fixtures/salary-certificate.pdf'));
    await choose(new File([new Uint8Array(11 * 1024 * 1024), pdf], 'big.pdf'));
    // Not a PDF from its first byte: the type is what is wrong with it.
    expect((await screen.findByRole('alert')).textContent).toContain('A file of this type');
    await choose(new File([pdf, new Uint8Array(11 * 1024 * 1024), pdf], 'big.pdf'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The file is too large'));
    expect(await fileStore.get(draftFilesId(storage, 'files', randomId), 'flow-papers_document')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Choose a file.')).toBeTruthy();
  });

  it('removes a file on request, giving the focus back to the chooser', async () => {
    const { fileStore, storage } = mount();
    await choose(fixture('salary-certificate.pdf', 'spravka.pdf'));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove spravka.pdf' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose a file' })));
    expect(await fileStore.get(draftFilesId(storage, 'files', randomId), 'flow-papers_document')).toBeNull();
  });

  it('asks for the file again when the device no longer has it', async () => {
    const first = mount();
    await choose(fixture('salary-certificate.pdf', 'spravka.pdf'));
    await screen.findByTestId('flow-papers_document__kept');
    act(() => window.dispatchEvent(new Event('pagehide')));
    first.view.unmount();
    await first.fileStore.clear(draftFilesId(first.storage, 'files', randomId));
    mount({ storage: first.storage, fileStore: first.fileStore });
    expect((await screen.findByRole('alert')).textContent).toBe('spravka.pdf is no longer on this device. Choose it again.');
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeTruthy();
  });

  it('starts a new flow of the tab without the files an earlier one kept, and removes those a while later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = mount();
    await choose(fixture('salary-certificate.pdf', 'spravka.pdf'));
    await screen.findByTestId('flow-papers_document__kept');
    const earlier = draftFilesId(first.storage, 'files', randomId);
    expect(await first.fileStore.get(earlier, 'flow-papers_document')).not.toBeNull();
    // The earlier flow's draft is gone (ended, or its data given up), its files id is still the tab's.
    first.view.unmount();
    first.storage.clear();
    first.storage.setItem('flow-files:files', earlier);
    mount({ storage: first.storage, fileStore: first.fileStore });
    expect(await screen.findByTestId('flow-papers_document__input', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('flow-papers_document__kept')).toBeNull();
    expect(draftFilesId(first.storage, 'files', randomId)).not.toBe(earlier);
    expect(await first.fileStore.get(earlier, 'flow-papers_document')).not.toBeNull();
    act(() => vi.advanceTimersByTime(fileHousekeepingDelayMs));
    vi.useRealTimers();
    await waitFor(async () => expect(await first.fileStore.get(earlier, 'flow-papers_document')).toBeNull());
  });

  it('takes a file dropped on the field', async () => {
    mount();
    const zone = await screen.findByTestId('flow-papers_document__drop', {}, { timeout: 10_000 });
    fireEvent.drop(zone, { dataTransfer: { files: [fixture('salary-certificate.pdf', 'dropped.pdf')] } });
    expect((await screen.findByTestId('flow-papers_document__kept')).textContent).toContain('dropped.pdf');
  });
});
