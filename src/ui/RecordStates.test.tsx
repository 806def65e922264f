// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { RecordStates } from './RecordStates';
import { useRecordLoad, type RecordLoadOptions } from '../lib/use-record-load';
import { deferred } from '../test/deferred';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

interface Thing {
  id: string;
  name: string;
}

function Screen({
  recordKey,
  load,
  options,
  missing,
}: {
  recordKey: string | null;
  load: () => Promise<Thing | null>;
  options?: RecordLoadOptions<Thing>;
  missing?: boolean;
}) {
  const { state, retry } = useRecordLoad<Thing>(recordKey, load, options);
  return (
    <RecordStates
      state={state}
      onRetry={retry}
      header={<h1>Edit thing</h1>}
      backTo="/things"
      notFoundTitle="Thing not found"
      failedTitle="Failed to fetch thing"
      loadingLabel="Loading thing"
      missing={missing}
    >
      {(thing) => <form aria-label="Edit thing">{thing.name}</form>}
    </RecordStates>
  );
}

function renderScreen(props: Parameters<typeof Screen>[0]) {
  const location = memoryLocation({ path: '/things/1/edit', record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Screen {...props} />
    </Router>,
  );
  return { location, view };
}

describe('useRecordLoad with RecordStates', () => {
  it('shows the header and a busy skeleton while loading', () => {
    const load = vi.fn(() => new Promise<Thing | null>(() => {}));
    renderScreen({ recordKey: 't/1', load });
    expect(screen.getByRole('heading', { name: 'Edit thing' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading thing')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders the screen for the loaded record', async () => {
    renderScreen({ recordKey: 't/1', load: () => Promise.resolve({ id: '1', name: 'Van 7' }) });
    expect(await screen.findByRole('form', { name: 'Edit thing' })).toHaveTextContent('Van 7');
    expect(screen.getByRole('heading', { name: 'Edit thing' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading thing')).not.toBeInTheDocument();
  });

  it('says not found, with Go back to the list, when the read finds nothing', async () => {
    const onError = vi.fn();
    const { location } = renderScreen({ recordKey: 't/1', load: () => Promise.resolve(null), options: { onError } });
    expect(await screen.findByRole('status')).toHaveTextContent('Thing not found');
    expect(onError).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(location.history?.at(-1)).toBe('/things');
  });

  it('says not found without loading when told the record is missing', () => {
    const load = vi.fn(() => Promise.resolve({ id: '1', name: 'Van 7' }));
    renderScreen({ recordKey: null, load, missing: true });
    expect(screen.getByRole('status')).toHaveTextContent('Thing not found');
    expect(load).not.toHaveBeenCalled();
  });

  it('on a failed load: calls onError once (the toast) and offers Retry and Go back', async () => {
    const onError = vi.fn();
    const failure = new Error('network down');
    const { location } = renderScreen({ recordKey: 't/1', load: () => Promise.reject(failure), options: { onError } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch thing');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(location.history?.at(-1)).toBe('/things');
  });

  it('Retry shows loading again and loads again', async () => {
    const first = deferred<Thing | null>();
    const second = deferred<Thing | null>();
    const load = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    renderScreen({ recordKey: 't/1', load });
    await act(async () => first.reject(new Error('offline')));
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(screen.getByLabelText('Loading thing')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => second.resolve({ id: '1', name: 'Van 7' }));
    expect(screen.getByRole('form', { name: 'Edit thing' })).toHaveTextContent('Van 7');
  });

  it('loads nothing for a null key and keeps the initial state (a create form)', () => {
    const load = vi.fn(() => Promise.resolve({ id: '1', name: 'Van 7' }));
    const location = memoryLocation({ path: '/things/create' });
    function Create() {
      const { state, retry } = useRecordLoad<Thing | null>(null, load, { initial: { status: 'ready', record: null } });
      return (
        <RecordStates state={state} onRetry={retry} header={null} backTo="/things" notFoundTitle="x" failedTitle="y" loadingLabel="Loading thing">
          {(thing) => <form aria-label={thing ? 'Edit thing' : 'Create thing'} />}
        </RecordStates>
      );
    }
    render(
      <Router hook={location.hook}>
        <Create />
      </Router>,
    );
    expect(screen.getByRole('form', { name: 'Create thing' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads again when the key changes and drops the superseded answer', async () => {
    const first = deferred<Thing | null>();
    const second = deferred<Thing | null>();
    const load = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { view } = renderScreen({ recordKey: 't/1', load });
    view.rerender(
      <Router hook={memoryLocation({ path: '/things/2/edit' }).hook}>
        <Screen recordKey="t/2" load={load} />
      </Router>,
    );
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => second.resolve({ id: '2', name: 'Truck 2' }));
    await act(async () => first.resolve({ id: '1', name: 'Van 7' }));
    expect(screen.getByRole('form', { name: 'Edit thing' })).toHaveTextContent('Truck 2');
  });

  it('does not update state or call onError after unmount', async () => {
    const pending = deferred<Thing | null>();
    const onError = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    const { view } = renderScreen({ recordKey: 't/1', load: () => pending.promise, options: { onError } });
    view.unmount();
    await act(async () => pending.reject(new Error('late')));
    expect(onError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("takes the screen's own texts: back label, not-found description, the failure's detail, its own loading state", async () => {
    const location = memoryLocation({ path: '/people/1' });
    const answers = [() => Promise.resolve(null), () => Promise.reject(new Error('JWT expired'))];
    function Person({ attempt }: { attempt: number }) {
      const { state, retry } = useRecordLoad<Thing>(`t/${attempt}`, answers[attempt]);
      return (
        <RecordStates
          state={state}
          onRetry={retry}
          header={null}
          backTo="/people"
          backLabel="Back to people"
          notFoundTitle="Person not found"
          notFoundDescription="Not part of your business."
          failedTitle="Could not load this person"
          failedDetail={(error) => (error instanceof Error ? error.message : 'Something went wrong!')}
          loading={<p role="status">Fetching the person</p>}
        >
          {(thing) => thing.name}
        </RecordStates>
      );
    }
    const view = render(
      <Router hook={location.hook}>
        <Person attempt={0} />
      </Router>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Fetching the person');
    expect(await screen.findByText('Not part of your business.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to people' })).toBeInTheDocument();
    view.rerender(
      <Router hook={location.hook}>
        <Person attempt={1} />
      </Router>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this person');
    expect(alert).toHaveTextContent('JWT expired');
    expect(screen.getByRole('button', { name: 'Back to people' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go back' })).not.toBeInTheDocument();
  });

  it('setRecord shows a record the screen got otherwise', async () => {
    function Renamer() {
      const { state, retry, setRecord } = useRecordLoad<Thing>('t/1', () => Promise.resolve({ id: '1', name: 'Van 7' }));
      return (
        <RecordStates state={state} onRetry={retry} header={null} backTo="/things" notFoundTitle="x" failedTitle="y" loadingLabel="Loading thing">
          {(thing) => (
            <button type="button" onClick={() => setRecord({ ...thing, name: 'Van 8' })}>
              {thing.name}
            </button>
          )}
        </RecordStates>
      );
    }
    const location = memoryLocation({ path: '/things/1' });
    render(
      <Router hook={location.hook}>
        <Renamer />
      </Router>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Van 7' }));
    expect(screen.getByRole('button', { name: 'Van 8' })).toBeInTheDocument();
  });
});
