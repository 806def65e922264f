// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { z } from 'zod';
import { applyLanguage, defineCatalogue } from '../lib/i18n/catalogue';
import { Form, FormActions, TextField, useRecordSave, useStoreFiles, useZodForm } from './form';
import { modePages, RecordFormPage } from './RecordFormPage';
import { ToastProvider } from './toast';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

interface Thing {
  id: string;
  name: string;
}

const MESSAGES = {
  created: 'Thing created successfully',
  updated: 'Thing updated successfully',
  createFailed: 'Failed to create thing',
  updateFailed: 'Failed to update thing',
  validation: 'Validation failed',
  unknown: 'An error occurred while submitting the form',
  fetchFailed: 'Failed to fetch thing',
  notFound: 'Thing not found',
};
const Schema = z.object({ name: z.string().min(1, 'Name is required') });

interface Api {
  load: (id: string) => Promise<Thing | null>;
  create: (values: { name: string }) => Promise<string>;
  update: (thing: Thing, values: { name: string }) => Promise<void>;
}

function ThingForm({ thing, api, own = false }: { thing: Thing | null; api: Api; own?: boolean }) {
  const form = useZodForm(Schema, { defaultValues: { name: thing?.name ?? '' } });
  const { onSubmit, onServerError } = useRecordSave<Thing, { name: string }, string>({
    record: thing,
    create: api.create,
    update: api.update,
    // `own`: the page words only what is its own (created, updated, the failures); the rest is the kit's.
    messages: own ? { created: MESSAGES.created, updated: MESSAGES.updated, createFailed: MESSAGES.createFailed, updateFailed: MESSAGES.updateFailed } : MESSAGES,
    then: '/things',
    thenCreated: (id) => `/things/${id}/edit`,
  });
  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} aria-label="Thing">
      <TextField<{ name: string }, 'name'> name="name" label="Name" required />
      <FormActions submitLabel={thing ? 'Save changes' : 'Create thing'} cancelTo="/things" />
    </Form>
  );
}

function renderAt(path: string, api: Api) {
  const location = memoryLocation({ path, record: true });
  render(
    <ToastProvider>
      <Router hook={location.hook}>
        <Switch>
          <Route path="/things/create">
            <RecordFormPage<Thing> mode="create" scope="t1" load={api.load} listPath="/things" listLabel="Things" titles={{ create: 'Create thing', edit: 'Edit thing' }} messages={MESSAGES} loadingLabel="Loading thing">
              {(thing) => <ThingForm thing={thing} api={api} />}
            </RecordFormPage>
          </Route>
          <Route path="/things/:id/edit">
            <RecordFormPage<Thing> mode="edit" scope="t1" load={api.load} listPath="/things" listLabel="Things" titles={{ create: 'Create thing', edit: 'Edit thing' }} messages={MESSAGES} loadingLabel="Loading thing">
              {(thing) => <ThingForm thing={thing} api={api} />}
            </RecordFormPage>
          </Route>
          <Route>list</Route>
        </Switch>
      </Router>
    </ToastProvider>,
  );
  return location;
}

function fakeApi(overrides: Partial<Api> = {}): Api {
  return {
    load: vi.fn(async (id: string) => (id === 'a1' ? { id: 'a1', name: 'Anvil' } : null)),
    create: vi.fn(async () => 'n1'),
    update: vi.fn(async () => undefined),
    ...overrides,
  };
}

/** An area catalogue with the record form page's words under their usual keys. */
const thingWords = defineCatalogue(
  'test-record-form-words',
  {
    'list.title': 'Things',
    'form.create': 'Create thing',
    'form.edit': 'Edit thing',
    'form.loading': 'Loading thing',
    'toast.notFound': 'Thing not found',
    'toast.fetchFailed': 'Failed to fetch thing',
  },
  { es: async () => ({ default: {} as never }), fr: async () => ({ default: {} as never }) },
);

function renderWorded(path: string, api: Api, listLabel?: string) {
  const location = memoryLocation({ path });
  render(
    <ToastProvider>
      <Router hook={location.hook}>
        <Route path="/things/:id/edit">
          <RecordFormPage<Thing> mode="edit" scope="t1" load={api.load} listPath="/things" words={thingWords} listLabel={listLabel}>
            {(thing) => <ThingForm thing={thing} api={api} />}
          </RecordFormPage>
        </Route>
      </Router>
    </ToastProvider>,
  );
}

describe('RecordFormPage worded by its area catalogue', () => {
  it("titles the page, names the list and words a missing record from the catalogue's usual keys", async () => {
    renderWorded('/things/a1/edit', fakeApi());
    expect(await screen.findByDisplayValue('Anvil')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit thing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Things' })).toHaveAttribute('href', '/things');
    cleanup();
    renderWorded('/things/zz/edit', fakeApi());
    expect(await screen.findByText('Thing not found')).toBeInTheDocument();
  });

  it('a failed read shows the catalogue\'s words; a listLabel given names the list instead', async () => {
    renderWorded('/things/a1/edit', fakeApi({ load: vi.fn(async () => Promise.reject(new Error('offline'))) }), 'All things');
    expect(await screen.findAllByText('Failed to fetch thing')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'All things' })).toHaveAttribute('href', '/things');
  });
});

describe('RecordFormPage with useRecordSave and FormActions', () => {
  it('creates: the empty form, the success toast, then the page the create answered', async () => {
    const api = fakeApi();
    const location = renderAt('/things/create', api);
    expect(screen.getByRole('heading', { name: 'Create thing' })).toBeInTheDocument();
    expect(api.load).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/Name/), 'Bolt');
    await userEvent.click(screen.getByRole('button', { name: 'Create thing' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/things/n1/edit'));
    expect(api.create).toHaveBeenCalledWith({ name: 'Bolt' });
    expect(screen.getByText(MESSAGES.created)).toBeInTheDocument();
  });

  it('edits: reads the record, saves it, back to the list', async () => {
    const api = fakeApi();
    const location = renderAt('/things/a1/edit', api);
    expect(await screen.findByDisplayValue('Anvil')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit thing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Things' })).toHaveAttribute('href', '/things');
    await userEvent.clear(screen.getByLabelText(/Name/));
    await userEvent.type(screen.getByLabelText(/Name/), 'Anvil 2');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/things'));
    expect(api.update).toHaveBeenCalledWith({ id: 'a1', name: 'Anvil' }, { name: 'Anvil 2' });
    expect(screen.getByText(MESSAGES.updated)).toBeInTheDocument();
  });

  it('shows not found for a record the caller cannot see', async () => {
    renderAt('/things/zz/edit', fakeApi());
    expect(await screen.findByText(MESSAGES.notFound)).toBeInTheDocument();
  });

  it('a failed read: its toast and the failed state', async () => {
    renderAt('/things/a1/edit', fakeApi({ load: vi.fn(async () => Promise.reject(new Error('offline'))) }));
    expect(await screen.findAllByText(MESSAGES.fetchFailed)).toHaveLength(2);
  });

  it('a refused save keeps the form: the server field message on the field, the failure toasts', async () => {
    const refusal = { code: '23514', message: 'Validation failed', details: JSON.stringify([{ field: 'name', message: 'Name is taken' }]) };
    const api = fakeApi({ update: vi.fn(async () => Promise.reject(refusal)) });
    const location = renderAt('/things/a1/edit', api);
    await screen.findByDisplayValue('Anvil');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Name is taken')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.validation)).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/things/a1/edit');
  });

  it('a save that failed outside the server says so and stays', async () => {
    const api = fakeApi({ create: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) });
    const location = renderAt('/things/create', api);
    await userEvent.type(screen.getByLabelText(/Name/), 'Bolt');
    await userEvent.click(screen.getByRole('button', { name: 'Create thing' }));
    expect(await screen.findByText(MESSAGES.unknown)).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/things/create');
  });

  it('a page that words only its own toasts gets the kit’s validation and unknown words, in the page’s language', async () => {
    await act(() => applyLanguage('es'));
    try {
      const location = memoryLocation({ path: '/things/create' });
      const api = fakeApi({ create: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) });
      await act(async () => {
        render(
          <ToastProvider>
            <Router hook={location.hook}>
              <Suspense fallback="loading">
                <ThingForm thing={null} api={api} own />
              </Suspense>
            </Router>
          </ToastProvider>,
        );
      });
      await userEvent.type(await screen.findByLabelText(/Name/), 'Bolt');
      await userEvent.click(screen.getByRole('button', { name: 'Create thing' }));
      expect(await screen.findByText('Se produjo un error al enviar el formulario')).toBeInTheDocument();
    } finally {
      await act(() => applyLanguage('en'));
    }
  });

  it('Cancel goes back to the list', async () => {
    const location = renderAt('/things/create', fakeApi());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(location.history.at(-1)).toBe('/things');
  });
});

describe('useStoreFiles', () => {
  const FilesSchema = z.object({ photos: z.array(z.union([z.string(), z.instanceof(File)])) });
  type FilesValues = z.input<typeof FilesSchema>;

  function Photos({ upload, onStored }: { upload: (file: File) => Promise<{ publicUrl: string }>; onStored: (urls: string[] | null) => void }) {
    const form = useZodForm(FilesSchema, { defaultValues: { photos: ['https://x/kept.png', new File(['a'], 'new.png', { type: 'image/png' })] } });
    // No words given: the upload toasts are the kit's.
    const storeFiles = useStoreFiles(form, 'photos', upload);
    return (
      <Form form={form} onSubmit={async (values: FilesValues) => onStored(await storeFiles(values.photos))} aria-label="Photos">
        <p>{form.formState.errors.photos?.message}</p>
        <button type="submit">Store</button>
      </Form>
    );
  }

  it('keeps stored URLs, uploads new files in order, says so once', async () => {
    const onStored = vi.fn();
    render(
      <ToastProvider>
        <Photos upload={async (file) => ({ publicUrl: `https://x/${file.name}` })} onStored={onStored} />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Store' }));
    await waitFor(() => expect(onStored).toHaveBeenCalledWith(['https://x/kept.png', 'https://x/new.png']));
    expect(screen.getByText('File uploaded successfully')).toBeInTheDocument();
  });

  it('a failed upload: null, the reason on the field and a toast', async () => {
    const onStored = vi.fn();
    render(
      <ToastProvider>
        <Photos upload={async () => Promise.reject(new Error('File too large'))} onStored={onStored} />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Store' }));
    await waitFor(() => expect(onStored).toHaveBeenCalledWith(null));
    expect(screen.getByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('Error uploading file')).toBeInTheDocument();
  });
});

describe('modePages', () => {
  it("fixes each screen's mode and passes on what else the app gives it", () => {
    function Page({ mode, note }: { mode: 'create' | 'edit'; note?: string }) {
      return <p>{[mode, note].filter(Boolean).join(': ')}</p>;
    }
    const { create: CreateScreen, edit: EditScreen } = modePages(Page);
    render(
      <>
        <CreateScreen />
        <EditScreen note="with its history" />
      </>,
    );
    expect(screen.getByText('create')).toBeInTheDocument();
    expect(screen.getByText('edit: with its history')).toBeInTheDocument();
  });
});
