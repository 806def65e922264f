// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { z } from 'zod';
import { defineCatalogue } from '../../lib/i18n/catalogue';
import { RecordFormPage } from '../RecordFormPage';
import { ToastProvider } from '../toast';
import { FileField, Form, FormActions, TextField, defineRecordForm, useRecordForm } from './index';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

interface Thing {
  id: string;
  name: string;
  photo: string | null;
}

const none = async () => ({ default: {} as never });
const thingWords = defineCatalogue(
  'test-record-form-hook',
  {
    'form.create': 'Create thing',
    'form.save': 'Save changes',
    'field.name': 'Name',
    'field.photo': 'Photo',
    'validation.name': 'Give the thing a name',
    'toast.created': 'Thing created successfully',
    'toast.updated': 'Thing updated successfully',
    'toast.createFailed': 'Failed to create thing',
    'toast.updateFailed': 'Failed to update thing',
    'toast.fetchFailed': 'Failed to fetch thing',
    'toast.notFound': 'Thing not found',
    'toast.uploaded': 'Photo stored',
  },
  { es: none, fr: none },
);

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const photo = () => new File([PNG], 'anvil.png', { type: 'image/png' });

const Schema = z.object({ name: z.string().trim().min(1, 'Name is required'), photo: z.union([z.string(), z.instanceof(File)]).nullable() });
type Values = z.input<typeof Schema>;

interface Api {
  create: (scope: string, write: { name: string; photo: string | null }) => Promise<string>;
  update: (scope: string, id: string, write: { name: string; photo: string | null }) => Promise<void>;
  upload: (scope: string, file: File) => Promise<{ publicUrl: string }>;
}

function fakeApi(overrides: Partial<Api> = {}): Api {
  return {
    create: vi.fn(async () => 'n1'),
    update: vi.fn(async () => undefined),
    upload: vi.fn(async (_scope: string, file: File) => ({ publicUrl: `https://x/${file.name}` })),
    ...overrides,
  };
}

function thingForm(api: Api, fieldErrorsToast?: 'validation' | 'failed') {
  return defineRecordForm({
    words: thingWords,
    schema: Schema,
    translate: (t, message) => (message === 'Name is required' ? t('validation.name') : message),
    values: (thing: Thing) => ({ name: thing.name, photo: thing.photo }),
    empty: () => ({ name: '', photo: null }),
    files: { field: 'photo', upload: api.upload, uploaded: 'toast.uploaded' },
    toWrite: (values, [photo]) => ({ name: values.name, photo: photo ?? null }),
    create: api.create,
    update: api.update,
    then: '/things',
    thenCreated: (id) => `/things/${id}/edit`,
    fieldErrorsToast,
  });
}

function ThingForm({ definition, thing }: { definition: ReturnType<typeof thingForm>; thing: Thing | null }) {
  const { t, editing, formProps, field } = useRecordForm(definition, 'tenant-1', thing);
  return (
    <Form {...formProps} aria-label="Thing">
      <TextField {...field('name')} label={t('field.name')} required />
      <FileField<Values, 'photo'> name="photo" label={t('field.photo')} accept={['png']} maxBytes={1000} messages={{ type: 'Only png', size: 'Too large' }} />
      <FormActions submitLabel={editing ? t('form.save') : t('form.create')} cancelTo="/things" />
    </Form>
  );
}

function renderForm(api: Api, thing: Thing | null, fieldErrorsToast?: 'validation' | 'failed') {
  const location = memoryLocation({ path: '/things/form', record: true });
  render(
    <ToastProvider>
      <Router hook={location.hook}>
        <ThingForm definition={thingForm(api, fieldErrorsToast)} thing={thing} />
      </Router>
    </ToastProvider>,
  );
  return location;
}

describe('useRecordForm', () => {
  it("creates in the page's scope: the write from toWrite, the area's toast, then the new record's page", async () => {
    const api = fakeApi();
    const location = renderForm(api, null);
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), ' Anvil ');
    await userEvent.click(screen.getByRole('button', { name: 'Create thing' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith('tenant-1', { name: 'Anvil', photo: null }));
    expect(await screen.findByText('Thing created successfully')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/things/n1/edit');
    expect(api.upload).not.toHaveBeenCalled();
  });

  it("edits from the record's values, updates it by id, back to the list", async () => {
    const api = fakeApi();
    const location = renderForm(api, { id: 'a1', name: 'Anvil', photo: 'https://x/kept.png' });
    const name = screen.getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Anvil');
    await userEvent.type(name, ' 2');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith('tenant-1', 'a1', { name: 'Anvil 2', photo: 'https://x/kept.png' }));
    expect(await screen.findByText('Thing updated successfully')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/things');
  });

  it("shows the schema's message through the area's translate, and saves nothing", async () => {
    const api = fakeApi();
    renderForm(api, null);
    await userEvent.click(screen.getByRole('button', { name: 'Create thing' }));
    expect(await screen.findByText('Give the thing a name')).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('uploads a new file first, with the area\'s toast, and saves its URL', async () => {
    const api = fakeApi();
    renderForm(api, null);
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Anvil');
    await userEvent.upload(screen.getByLabelText('Photo'), photo());
    expect(await screen.findByText('anvil.png')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create thing' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith('tenant-1', { name: 'Anvil', photo: 'https://x/anvil.png' }));
    expect(api.upload).toHaveBeenCalledWith('tenant-1', expect.any(File));
    expect(await screen.findByText('Photo stored')).toBeInTheDocument();
  });

  it('a failed upload stops the save, with the reason on the field and the kit\'s toast', async () => {
    const api = fakeApi({ upload: vi.fn(async () => Promise.reject(new Error('Storage is full'))) });
    renderForm(api, null);
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Anvil');
    await userEvent.upload(screen.getByLabelText('Photo'), photo());
    expect(await screen.findByText('anvil.png')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create thing' }));
    expect(await screen.findByText('Storage is full')).toBeInTheDocument();
    expect(screen.getByText('Error uploading file')).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();
  });

  it("server messages on fields: 'Validation failed' by default, the save's failure toast where the definition says so", async () => {
    const refusal = { code: 'P0001', message: 'Validation failed', details: JSON.stringify([{ field: 'name', message: 'Name already exists' }]) };
    renderForm(fakeApi({ create: vi.fn(async () => Promise.reject(refusal)) }), null);
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Anvil');
    await userEvent.click(screen.getByRole('button', { name: 'Create thing' }));
    expect(await screen.findByText('Name already exists')).toBeInTheDocument();
    expect(screen.getByText('Validation failed')).toBeInTheDocument();
    cleanup();

    renderForm(fakeApi({ update: vi.fn(async () => Promise.reject(refusal)) }), { id: 'a1', name: 'Anvil', photo: null }, 'failed');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Name already exists')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to update thing').length).toBeGreaterThan(0);
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();
  });

  it("without `then` goes back to the record page's list, after a save and on Cancel; messageKeys word the schema's messages", async () => {
    const api = fakeApi();
    const definition = defineRecordForm({
      words: thingWords,
      schema: Schema,
      messageKeys: { 'Name is required': 'validation.name' },
      empty: () => ({ name: '', photo: null }),
      toWrite: (values) => ({ name: values.name, photo: null }),
      create: api.create,
      update: api.update,
    });
    function PlainForm({ thing }: { thing: Thing | null }) {
      const { t, formProps, field } = useRecordForm(definition, 'tenant-1', thing);
      return (
        <Form {...formProps} aria-label="Thing">
          <TextField {...field('name')} label={t('field.name')} required />
          <FormActions submitLabel={t('form.create')} />
        </Form>
      );
    }
    const location = memoryLocation({ path: '/things/create', record: true });
    render(
      <ToastProvider>
        <Router hook={location.hook}>
          <Route path="/things/create">
            <RecordFormPage<Thing> mode="create" scope="tenant-1" load={async () => null} listPath="/things" listLabel="Things" titles={{ create: 'Create thing', edit: 'Edit thing' }} messages={{ notFound: 'Thing not found', fetchFailed: 'Failed to fetch thing' }} loadingLabel="Loading thing">
              {(thing) => <PlainForm thing={thing} />}
            </RecordFormPage>
          </Route>
        </Router>
      </ToastProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(location.history.at(-1)).toBe('/things');
    location.navigate('/things/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Create thing' }));
    expect(await screen.findByText('Give the thing a name')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Anvil');
    await userEvent.click(screen.getByRole('button', { name: 'Create thing' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith('tenant-1', { name: 'Anvil', photo: null }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/things'));
  });
});
