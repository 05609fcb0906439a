// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { FlowRunner } from '../flow-runner';
import { loadFileSupport } from './on-demand';
import { flowKeyOf } from '../draft';
import { loadStepParts } from '../step-parts';
import { engineI18n } from '../test-fixtures/engine-i18n';
import { MemoryStorage } from '../test-fixtures/memory-storage';
import { claimApi, claimDefinition, claimMessages } from '../test-fixtures/claim-definition';
import { memoryFileStore, type FileStore } from './file-store';
import { draftFilesId, randomId } from './draft-files';
import type { FormBody } from '../definition';

afterEach(cleanup);

beforeAll(async () => {
  // As the site does before a claim with file fields renders, and as its idle preload fetches each step's parts.
  await Promise.all([loadFileSupport(), ...claimDefinition.steps.map(loadStepParts)]);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

const fixture = (name: string, as = name) => new File([readFileSync(resolve(process.cwd(), 'tests/fixtures', name))], as, { type: 'application/octet-stream' });

function mount(options: { storage?: Storage; fileStore?: FileStore; api?: ReturnType<typeof claimApi> } = {}) {
  const storage = options.storage ?? new MemoryStorage();
  const fileStore = options.fileStore ?? memoryFileStore();
  const api = options.api ?? claimApi();
  const view = render(
    <I18nProvider i18n={engineI18n('en', claimMessages)}>
      <FlowRunner
        definition={claimDefinition}
        api={api}
        stepInUrl={null}
        onStepChange={() => undefined}
        stepHref={(step) => `?step=${step}`}
        storage={storage}
        fileStore={fileStore}
        applicationsHref="/en/dashboard/applications"
      />
    </I18nProvider>,
  );
  return { storage, fileStore, api, view };
}

async function choose(row: number, file: File) {
  const input = await screen.findByTestId(`flow-event_photos_${row}__input`, {}, { timeout: 10_000 });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
  await waitFor(() => expect(screen.getByTestId(`flow-event_photos_${row}__kept`).textContent).toContain(file.name));
}

async function toEventWithPhotos() {
  fireEvent.change(await screen.findByLabelText(/Policy number/), { target: { value: 'P-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'What happened' });
  fireEvent.change(screen.getByLabelText(/Event/), { target: { value: '0' } });
  fireEvent.change(screen.getByLabelText(/Date/), { target: { value: '2026-12-01' } });
  fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'A truck hit the back of the car.' } });
  fireEvent.click(await screen.findByRole('button', { name: '+ Add a file' }));
  await choose(0, fixture('salary-certificate.pdf', 'front.pdf'));
  fireEvent.click(screen.getByRole('button', { name: '+ Add a file' }));
  await choose(1, fixture('salary-certificate.pdf', 'side.pdf'));
  fireEvent.click(screen.getByRole('button', { name: '+ Add a file' }));
  await choose(2, fixture('salary-certificate.pdf', 'report.pdf'));
}

describe('a claim with several photos', () => {
  it('adds and removes photos, keeps them through a reload, files them with the upload followed, and ends on the receipt', async () => {
    const first = mount();
    await toEventWithPhotos();
    // The first photo taken away: those after it move up a row and keep their files.
    fireEvent.click(screen.getByRole('button', { name: 'Remove file 1' }));
    await waitFor(() => expect(screen.getByTestId('flow-event_photos_0__kept').textContent).toContain('side.pdf'));
    await waitFor(() => expect(screen.getByTestId('flow-event_photos_1__kept').textContent).toContain('report.pdf'));
    expect(screen.queryByTestId('flow-event_photos_2__kept')).toBeNull();
    expect(screen.getAllByText('File 2').length).toBeGreaterThan(0);
    expect(screen.queryByText(/photos-\d/)).toBeNull();

    act(() => window.dispatchEvent(new Event('pagehide')));
    first.view.unmount();
    const again = mount({ storage: first.storage, fileStore: first.fileStore });
    await waitFor(() => expect(screen.getByTestId('flow-event_photos_0__kept').textContent).toContain('side.pdf'), { timeout: 10_000 });
    expect(screen.getByTestId('flow-event_photos_1__kept').textContent).toContain('report.pdf');
    expect((screen.getByLabelText(/Description/) as HTMLTextAreaElement).value).toBe('A truck hit the back of the car.');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByRole('heading', { level: 2, name: 'Consent' });
    expect((await screen.findByTestId('purchase-summary')).textContent).toContain('P-1');
    expect(screen.queryByTestId('price-total')).toBeNull();
    fireEvent.click(screen.getByLabelText(/I confirm/));
    fireEvent.click(screen.getByRole('button', { name: 'File the claim' }));
    await waitFor(() => expect(again.api.filings).toHaveLength(1));
    const filing = again.api.filings[0];
    if (!filing) throw new Error('no filing');
    const body = filing.body as FormBody;
    const claim = JSON.parse(body.fields.find(([name]) => name === 'claim')?.[1] ?? '{}') as { data: { event: { photos: { id: string; name: string }[] } } };
    expect(claim.data.event.photos.map((photo) => photo.name)).toEqual(['side.pdf', 'report.pdf']);
    expect(body.files.map((file) => [file.name, file.filename])).toEqual(claim.data.event.photos.map((photo) => [photo.id, photo.name]));
    expect(await body.files[1]?.blob.text()).toBe(await fixture('salary-certificate.pdf').text());
    expect(await screen.findByText('Sending 2 files')).toBeTruthy();
    act(() => filing.progress(filing.total / 2));
    const bar = screen.getAllByRole('progressbar')[0];
    expect(Number(bar?.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    act(() => filing.answer());

    expect((await screen.findByTestId('claim-number')).textContent).toBe('C26-000042');
    expect(screen.getByTestId('claim-documents').textContent).toBe('Police report');
    expect(screen.getByTestId('claim-answer-by').textContent).toContain('22.12.2026');
    expect(screen.getByRole('link', { name: 'My claims in the cabinet' }).getAttribute('href')).toBe('/en/dashboard/applications');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    // Filed: the photos leave the device.
    const filesId = draftFilesId(again.storage, flowKeyOf(claimDefinition), randomId);
    await waitFor(async () => expect(await again.fileStore.get(filesId, 'flow-event_photos_0')).toBeNull());
  });
});

describe('a list of files with a row left empty', () => {
  it('says the row\'s errors as a file\'s, not a person\'s', async () => {
    mount();
    fireEvent.change(await screen.findByLabelText(/Policy number/), { target: { value: 'P-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'What happened' });
    fireEvent.change(screen.getByLabelText(/Event/), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText(/Date/), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'A truck hit the back of the car.' } });
    fireEvent.click(await screen.findByRole('button', { name: '+ Add a file' }));
    await choose(0, fixture('salary-certificate.pdf', 'front.pdf'));
    fireEvent.click(screen.getByRole('button', { name: '+ Add a file' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('File 2 has errors:')).toBeTruthy();
    expect(screen.queryByText(/Person \d/)).toBeNull();
  });
});
