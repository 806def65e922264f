import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import { z } from 'zod';
import { adminPaths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { Button } from '../../../ui/Button';
import { ComboboxField, Form, FormActions, TextAreaField, useRecordSave, useZodForm } from '../../../ui/form';
import { RecordFormPage } from '../../../ui/RecordFormPage';
import { deliveryLabel } from '../../../data/deliveries';
import { driverLabel } from '../../../data/drivers';
import { vehicleLabel } from '../../../data/vehicles';
import {
  checkFit,
  createAssignment,
  driverDefaultVehicle,
  getAssignment,
  lookupDeliveries,
  lookupDrivers,
  lookupVehicles,
  updateAssignment,
  type AssignmentRecord,
} from '../api';
import {
  ASSIGNMENT_TOASTS,
  AssignmentFormSchema,
  emptyAssignmentForm,
  fitLines,
  notEditableReason,
  type AssignmentFormInput,
  type AssignmentFormOutput,
  type FitLine,
} from '../schema';
import { assignmentStatus } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';
import { formatDateTime } from '../../../lib/format-date';

const LIST_PATH = adminPaths.assignments();

/**
 * Create (`assignments/create`, optionally `?delivery_id=…`) or edit (`assignments/:id/edit`, only while
 * pending). `history` renders below a loaded assignment: the app fills it with the record's audit trail.
 */
export function AssignmentFormPage({ mode, history }: { mode: 'create' | 'edit'; history?: (assignmentId: string) => ReactNode }) {
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const search = useSearch();
  const prefilledDelivery = z.uuid().safeParse(new URLSearchParams(search).get('delivery_id') ?? '');

  return (
    <RecordFormPage<AssignmentRecord>
      mode={mode}
      scope={tenantId}
      load={(id) => getAssignment(tenantId, id)}
      listPath={LIST_PATH}
      listLabel="Assignments"
      titles={{ create: 'Create assignment', edit: 'Edit assignment' }}
      messages={ASSIGNMENT_TOASTS}
      loadingLabel="Loading assignment"
    >
      {(assignment) => (
        <>
          {assignment && notEditableReason(assignment.status) ? (
            <ReadOnlyAssignment tenantId={tenantId} assignment={assignment} />
          ) : (
            <AssignmentForm
              tenantId={tenantId}
              assignment={assignment}
              deliveryId={prefilledDelivery.success ? prefilledDelivery.data : null}
            />
          )}
          {assignment && history && <div className="max-w-3xl pt-6">{history(assignment.id)}</div>}
        </>
      )}
    </RecordFormPage>
  );
}

/** A label that resolves an id to its name once (the read-only view). */
function useLabel(resolve: () => Promise<string | null>, key: string): string {
  const [label, setLabel] = useState('…');
  const resolveRef = useRef(resolve);
  useEffect(() => {
    let live = true;
    resolveRef.current().then(
      (found) => live && setLabel(found ?? '—'),
      () => live && setLabel('—'),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return label;
}

function ReadOnlyAssignment({ tenantId, assignment }: { tenantId: string; assignment: AssignmentRecord }) {
  const [, navigate] = useLocation();
  const driver = useLabel(() => driverLabel(tenantId, assignment.driver_id), assignment.driver_id);
  const vehicle = useLabel(() => vehicleLabel(tenantId, assignment.vehicle_id), assignment.vehicle_id);
  const reason = notEditableReason(assignment.status);
  const rows: [string, ReactNode][] = [
    ['Status', <StatusChip key="status" vocabulary={assignmentStatus} status={assignment.status} />],
    ['Delivery', assignment.delivery ? [assignment.delivery.delivery_code, assignment.delivery.external_reference_id].filter(Boolean).join(' · ') : '—'],
    ['Driver', driver],
    ['Vehicle', vehicle],
    ['Assignment time', formatDateTime(assignment.assignment_time)],
    ['Answered', formatDateTime(assignment.responded_at)],
  ];
  if (assignment.rejection_reason) rows.push(['Rejection reason', assignment.rejection_reason]);
  if (assignment.completed_at) rows.push(['Completed', formatDateTime(assignment.completed_at)]);
  if (assignment.cancelled_at) rows.push(['Cancelled', formatDateTime(assignment.cancelled_at)]);
  if (assignment.cancel_reason) rows.push(['Cancel reason', assignment.cancel_reason]);
  if (assignment.notes) rows.push(['Notes', assignment.notes]);
  return (
    <section aria-label="Assignment" className="max-w-3xl space-y-4">
      <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
        {reason}. It is shown read-only.
      </p>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{term}</dt>
            <dd className="text-sm">{value}</dd>
          </div>
        ))}
      </dl>
      <Button variant="secondary" onClick={() => navigate(LIST_PATH)}>
        Back to assignments
      </Button>
    </section>
  );
}

function AssignmentForm({ tenantId, assignment, deliveryId }: { tenantId: string; assignment: AssignmentRecord | null; deliveryId: string | null }) {
  const editing = assignment !== null;
  const [everyone, setEveryone] = useState(false);
  const everyoneId = useId();
  const form = useZodForm(AssignmentFormSchema, {
    defaultValues: assignment
      ? { delivery_id: assignment.delivery_id, driver_id: assignment.driver_id, vehicle_id: assignment.vehicle_id, notes: assignment.notes }
      : emptyAssignmentForm(deliveryId),
  });
  const [chosenDelivery, chosenDriver, chosenVehicle] = useWatch({ control: form.control, name: ['delivery_id', 'driver_id', 'vehicle_id'] });

  // The driver's usual vehicle fills an empty vehicle, or replaces one it filled itself.
  const autoVehicle = useRef<string | null>(null);
  const lastDriver = useRef(chosenDriver);
  useEffect(() => {
    if (chosenDriver === lastDriver.current) return;
    lastDriver.current = chosenDriver;
    if (!chosenDriver) return;
    let live = true;
    driverDefaultVehicle(tenantId, chosenDriver).then(
      (vehicle) => {
        if (!live || !vehicle) return;
        const current = form.getValues('vehicle_id');
        if (current && current !== autoVehicle.current) return;
        autoVehicle.current = vehicle.id;
        form.setValue('vehicle_id', vehicle.id, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [chosenDriver, tenantId, form]);

  const [fit, setFit] = useState<{ key: string; lines: FitLine[] | null }>({ key: '', lines: null });
  const fitKey = chosenDelivery && chosenDriver && chosenVehicle ? `${chosenDelivery}/${chosenDriver}/${chosenVehicle}` : '';
  useEffect(() => {
    if (!fitKey) return;
    const [delivery, driver, vehicle] = fitKey.split('/') as [string, string, string];
    const controller = new AbortController();
    checkFit(delivery, driver, vehicle, controller.signal).then(
      (answer) => !controller.signal.aborted && setFit({ key: fitKey, lines: fitLines(answer) }),
      () => !controller.signal.aborted && setFit({ key: fitKey, lines: null }),
    );
    return () => controller.abort();
  }, [fitKey]);

  const { onSubmit, onServerError } = useRecordSave<AssignmentRecord, AssignmentFormOutput>({
    record: assignment,
    create: (values) => createAssignment(tenantId, values),
    update: (current, values) => updateAssignment(tenantId, current.id, { driver_id: values.driver_id, vehicle_id: values.vehicle_id, notes: values.notes }),
    messages: ASSIGNMENT_TOASTS,
    then: LIST_PATH,
  });

  const shownFit = fitKey && fit.key === fitKey ? fit.lines : null;

  return (
    <Form form={form} onSubmit={onSubmit} onServerError={onServerError} className="max-w-3xl space-y-5" aria-label={editing ? 'Edit assignment' : 'Create assignment'}>
      {editing ? (
        <div>
          <p className="text-sm font-medium">Delivery</p>
          <p className="mt-1 text-sm">
            {[assignment.delivery?.delivery_code, assignment.delivery?.external_reference_id].filter(Boolean).join(' · ') || '—'}
          </p>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">An assignment stays with its delivery; unassign the delivery to give it another.</p>
        </div>
      ) : (
        <ComboboxField<AssignmentFormInput, 'delivery_id'>
          name="delivery_id"
          label="Delivery"
          required
          help="Pending deliveries only"
          placeholder="Search code or reference"
          search={(term, signal, limit) => lookupDeliveries(tenantId, term, limit, signal, true)}
          resolveLabel={(value) => deliveryLabel(tenantId, value)}
        />
      )}
      <div className="space-y-2">
        <ComboboxField<AssignmentFormInput, 'driver_id'>
          name="driver_id"
          label="Driver"
          required
          help={everyone ? 'Every active driver, with their duty status' : 'Available drivers'}
          placeholder="Search name or licence"
          search={(term, signal, limit) => lookupDrivers(tenantId, term, limit, signal, everyone)}
          resolveLabel={(value) => driverLabel(tenantId, value)}
        />
        <label htmlFor={everyoneId} className="flex items-center gap-2 text-sm">
          <input id={everyoneId} type="checkbox" className="size-4 accent-brand" checked={everyone} onChange={(event) => setEveryone(event.target.checked)} />
          Include drivers who are not available
        </label>
      </div>
      <ComboboxField<AssignmentFormInput, 'vehicle_id'>
        name="vehicle_id"
        label="Vehicle"
        required
        help="Active vehicles; the driver's usual vehicle is filled in"
        placeholder="Search name or code"
        search={(term, signal, limit) => lookupVehicles(tenantId, term, limit, signal, true)}
        resolveLabel={(value) => vehicleLabel(tenantId, value)}
      />
      {shownFit && (
        <section aria-label="Fit" aria-live="polite" className="rounded-md border border-slate-200 px-4 py-3 text-sm dark:border-slate-700">
          <h2 className="font-medium">Fit</h2>
          <ul className="mt-1 space-y-1">
            {shownFit.map((line) => (
              <li key={line.text} className={line.tone === 'ok' ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}>
                <span aria-hidden="true">{line.tone === 'ok' ? '✓ ' : '✗ '}</span>
                {line.text}
              </li>
            ))}
          </ul>
        </section>
      )}
      <TextAreaField<AssignmentFormInput, 'notes'> name="notes" label="Notes" maxLength={1000} help="For the driver, e.g. gate codes or what to bring" />
      <FormActions submitLabel={editing ? 'Save changes' : 'Create assignment'} cancelTo={LIST_PATH} />
    </Form>
  );
}

export function AssignmentCreatePage() {
  return <AssignmentFormPage mode="create" />;
}

export function AssignmentEditPage({ history }: { history?: (assignmentId: string) => ReactNode }) {
  return <AssignmentFormPage mode="edit" history={history} />;
}
