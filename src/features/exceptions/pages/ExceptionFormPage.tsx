import { useCallback } from 'react';
import { Link } from 'wouter';
import { adminPaths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { EXCEPTION_TYPE_OPTIONS, exceptionSeverity, exceptionStatus, exceptionTypeLabel } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';
import { ComboboxField, Form, FormActions, SelectField, TextAreaField, useRecordSave, useStoreFiles, useZodForm } from '../../../ui/form';
import { DialogNote, StatusActions } from '../../../ui/StatusActions';
import { PhotoThumbs, RecordPhotosField } from '../../../ui/RecordPhotos';
import { StatusRecordPage } from '../../../ui/StatusRecordPage';
import { useToast } from '../../../ui/toast';
import { lookupStaff, personName } from '../../../data/people';
import { publicFileUrl } from '../../../lib/storage-url';
import {
  createException,
  exceptionActions,
  getException,
  listExceptionEvents,
  lookupDeliveries,
  transitionException,
  updateException,
  uploadExceptionPhoto,
} from '../api';
import {
  emptyExceptionForm,
  EXCEPTION_ACTION_LABELS,
  EXCEPTION_ACTIONS,
  EXCEPTION_MESSAGES,
  EXCEPTION_TOASTS,
  ExceptionFormSchema,
  toExceptionFormValues,
  toExceptionWrite,
  type ExceptionAction,
  type ExceptionFormInput,
  type ExceptionFormOutput,
  type ExceptionRow,
} from '../schema';
import { formatDateTime } from '../../../lib/format-date';
import { useStatuses } from '../../../lib/status-vocabulary';

const LIST_PATH = adminPaths.exceptions();

/** Create (no id in the route) or edit (`exceptions/:id/edit`): the form while open or investigating, the status actions and the history. */
export function ExceptionFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const load = useCallback((id: string) => getException(tenantId, id), [tenantId]);
  return (
    <StatusRecordPage<ExceptionRow>
      mode={mode}
      scope={tenantId}
      load={load}
      listPath={LIST_PATH}
      listLabel="Exceptions"
      codeOf={(row) => row.exception_code}
      titles={{ create: 'Report exception', record: 'Exception' }}
      messages={{ notFound: EXCEPTION_TOASTS.notFound, fetchFailed: EXCEPTION_TOASTS.fetchFailed }}
      loadingLabel="Loading exception"
      createForm={<ExceptionForm tenantId={tenantId} row={null} />}
      main={(row) => (
        <>
          <ExceptionSummary row={row} />
          {row.status === 'open' || row.status === 'investigating' ? (
            <ExceptionForm key={`${row.id}:${row.updated_at}`} tenantId={tenantId} row={row} />
          ) : (
            <ExceptionDetails row={row} />
          )}
        </>
      )}
      aside={(row, reload) => <ExceptionActions key={`${row.id}:${row.status}`} row={row} onMoved={reload} />}
    />
  );
}

function ExceptionSummary({ row }: { row: ExceptionRow }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 p-4 text-sm sm:grid-cols-4 dark:border-slate-700">
      <div>
        <dt className="text-slate-500 dark:text-slate-400">Status</dt>
        <dd className="mt-1">
          <StatusChip vocabulary={exceptionStatus} status={row.status} />
        </dd>
      </div>
      <div>
        <dt className="text-slate-500 dark:text-slate-400">Delivery</dt>
        <dd className="mt-1">
          {row.delivery_code ? (
            <Link href={adminPaths.delivery(row.delivery_id)} className="font-medium text-brand underline-offset-2 hover:underline">
              {row.delivery_code}
            </Link>
          ) : (
            '—'
          )}
          {row.customer_name && <span className="block text-xs text-slate-500 dark:text-slate-400">{row.customer_name}</span>}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500 dark:text-slate-400">Reported</dt>
        <dd className="mt-1">
          {formatDateTime(row.created_at)}
          <span className="block text-xs text-slate-500 dark:text-slate-400">by {row.reported_by_name ?? 'a former user'}</span>
        </dd>
      </div>
      <div>
        <dt className="text-slate-500 dark:text-slate-400">Assigned to</dt>
        <dd className="mt-1">{row.assigned_to_name ?? 'Unassigned'}</dd>
      </div>
    </dl>
  );
}

function ExceptionDetails({ row }: { row: ExceptionRow }) {
  return (
    <section aria-label="Exception" className="max-w-3xl space-y-4 text-sm">
      <div className="flex items-center gap-2">
        <span className="font-medium">{exceptionTypeLabel(row.type)}</span>
        <StatusChip vocabulary={exceptionSeverity} status={row.severity} />
      </div>
      <p className="whitespace-pre-line">{row.description}</p>
      {row.photos.length > 0 && <PhotoThumbs refs={row.photos} />}
      <div>
        <h2 className="text-base font-semibold">Resolution notes</h2>
        <p className="mt-1 whitespace-pre-line">{row.resolution_notes}</p>
        {row.resolved_at && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{formatDateTime(row.resolved_at)}</p>}
      </div>
    </section>
  );
}

function ExceptionForm({ tenantId, row }: { tenantId: string; row: ExceptionRow | null }) {
  const severityWords = useStatuses(exceptionSeverity);
  const editing = row !== null;
  const form = useZodForm(ExceptionFormSchema, { defaultValues: row ? toExceptionFormValues(row, publicFileUrl) : emptyExceptionForm() });

  const storePhotos = useStoreFiles(form, 'photos', (file) => uploadExceptionPhoto(tenantId, file), EXCEPTION_TOASTS);
  const save = useRecordSave<ExceptionRow, { deliveryId: string; write: ReturnType<typeof toExceptionWrite> }, string>({
    record: row,
    create: ({ deliveryId, write }) => createException(tenantId, deliveryId, write),
    update: (current, { write }) => updateException(tenantId, current.id, write),
    messages: EXCEPTION_TOASTS,
    then: LIST_PATH,
    thenCreated: (id) => adminPaths.exceptionEdit(id),
  });

  async function onSubmit(values: ExceptionFormOutput) {
    const photos = await storePhotos(values.photos);
    if (photos) await save.onSubmit({ deliveryId: values.delivery_id, write: toExceptionWrite(values, photos) });
  }

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={save.onServerError} className="max-w-3xl space-y-5" aria-label={editing ? 'Edit exception' : 'Report exception'}>
      {!editing && (
        <ComboboxField<ExceptionFormInput, 'delivery_id'>
          name="delivery_id"
          label="Delivery"
          required
          help="Any delivery of the business, by code or customer"
          search={(term, signal, limit) => lookupDeliveries(tenantId, term, limit, signal)}
          placeholder="Search deliveries"
        />
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField<ExceptionFormInput, 'type'> name="type" label="Type" required options={EXCEPTION_TYPE_OPTIONS} placeholder="Select a type" />
        <SelectField<ExceptionFormInput, 'severity'> name="severity" label="Severity" required options={severityWords.options} placeholder="Select a severity" />
      </div>
      <TextAreaField<ExceptionFormInput, 'description'> name="description" label="Description" required rows={4} maxLength={2000} />
      <ComboboxField<ExceptionFormInput, 'assigned_to'>
        name="assigned_to"
        label="Assigned to"
        help="An admin or dispatcher who owns it"
        search={(term, signal, limit) => lookupStaff(tenantId, term, limit, signal, { activeOnly: true })}
        initialOptions={row?.assigned_to && row.assigned_to_name ? [{ value: row.assigned_to, label: row.assigned_to_name }] : []}
        resolveLabel={(value) => personName(tenantId, value)}
        placeholder="Search staff"
      />
      <RecordPhotosField<ExceptionFormInput, 'photos'> name="photos" />
      <FormActions submitLabel={editing ? 'Save changes' : 'Report exception'} cancelTo={LIST_PATH} />
    </Form>
  );
}

const ACTION_MESSAGES: Record<ExceptionAction, string> = {
  investigating: 'The exception is being looked into. If nobody owns it yet, it is assigned to you.',
  resolved: 'The problem is fixed. Say how, for the record.',
  closed: 'The exception is closed without a fix (a duplicate, not ours, nothing to do). Say why.',
};

function ExceptionActions({ row, onMoved }: { row: ExceptionRow; onMoved: () => Promise<void> }) {
  const toast = useToast();

  async function move({ action, notes }: { action: ExceptionAction; notes: string }) {
    if (action !== 'investigating' && !notes.trim()) throw new Error(EXCEPTION_MESSAGES.resolution);
    await transitionException(row.id, action, action === 'investigating' ? '' : notes, action === 'investigating' ? notes : '');
    toast.success(EXCEPTION_TOASTS.moved(action));
    await onMoved();
  }

  return (
    <StatusActions<ExceptionAction, { action: ExceptionAction; notes: string }, null>
      loadKey={`${row.id}:${row.status}:${row.updated_at}`}
      load={() =>
        Promise.all([exceptionActions(row.id), listExceptionEvents(row.id)]).then(([allowed, events]) => ({
          actions: EXCEPTION_ACTIONS.filter((a) => allowed.includes(a)),
          events,
          extra: null,
        }))
      }
      code={row.exception_code}
      labels={EXCEPTION_ACTION_LABELS}
      messages={ACTION_MESSAGES}
      idle={`This exception is ${row.status}.`}
      secondary="closed"
      history={{ vocabulary: exceptionStatus, createdLabel: 'Reported' }}
      start={(action) => ({ action, notes: '' })}
      fields={(dialog, set) => (
        <DialogNote
          label={dialog.action === 'investigating' ? 'Note' : 'Resolution notes'}
          required={dialog.action !== 'investigating'}
          rows={4}
          maxLength={2000}
          value={dialog.notes}
          onChange={(notes) => set({ ...dialog, notes })}
        />
      )}
      move={move}
    />
  );
}

export function ExceptionCreatePage() {
  return <ExceptionFormPage mode="create" />;
}

export function ExceptionEditPage() {
  return <ExceptionFormPage mode="edit" />;
}
