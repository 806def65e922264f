import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import { z } from 'zod';
import { adminPaths } from '../../../lib/paths';
import { useTenantId } from '../../../lib/tenant';
import { useRecordLoad } from '../../../lib/use-record-load';
import { Button } from '../../../ui/Button';
import { Form, FormActions, LookupField, TextAreaField, defineRecordForm, useRecordForm } from '../../../ui/form';
import { modePages, RecordFormPage } from '../../../ui/RecordFormPage';
import { assignableDeliveryLookup } from '../../../data/deliveries';
import { driverLabel, driverLookup } from '../../../data/drivers';
import { vehicleLabel, vehicleLookup } from '../../../data/vehicles';
import {
  checkFit,
  createAssignment,
  driverDefaultVehicle,
  getAssignment,
  updateAssignment,
  type AssignmentRecord,
} from '../api';
import {
  ASSIGNMENT_MESSAGES,
  AssignmentFormSchema,
  emptyAssignmentForm,
  fitLines,
  notEditableReason,
  type AssignmentFormInput,
  type Fit,
  type FitLine,
} from '../schema';
import { assignmentStatus } from '../../../data/statuses';
import { StatusChip } from '../../../ui/Chip';
import { useT } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { useServerWords } from '../../../lib/server-messages/server-words';
import { assignmentMessages, type AssignmentKey } from '../messages';

const LIST_PATH = adminPaths.assignments();

/** The schema's messages (the spec's English) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, AssignmentKey> = {
  [ASSIGNMENT_MESSAGES.deliveryRequired]: 'validation.delivery',
  [ASSIGNMENT_MESSAGES.driverRequired]: 'validation.driver',
  [ASSIGNMENT_MESSAGES.vehicleRequired]: 'validation.vehicle',
  [ASSIGNMENT_MESSAGES.notesTooLong]: 'validation.notes',
};

/** A pending assignment keeps its delivery: an edit changes the driver, the vehicle and the notes. */
const assignmentForm = defineRecordForm({
  words: assignmentMessages,
  schema: AssignmentFormSchema,
  messageKeys: VALIDATION_KEYS,
  values: (assignment: AssignmentRecord) => ({ delivery_id: assignment.delivery_id, driver_id: assignment.driver_id, vehicle_id: assignment.vehicle_id, notes: assignment.notes }),
  create: createAssignment,
  update: (tenantId, id, { driver_id, vehicle_id, notes }) => updateAssignment(tenantId, id, { driver_id, vehicle_id, notes }),
});

/**
 * Create (`assignments/create`, optionally `?delivery_id=…`) or edit (`assignments/:id/edit`, only while
 * pending). `history` renders below a loaded assignment: the app fills it with the record's audit trail.
 */
export function AssignmentFormPage({ mode, history }: { mode: 'create' | 'edit'; history?: (assignmentId: string) => ReactNode }) {
  const tenantId = useTenantId() ?? '';
  const search = useSearch();
  const prefilledDelivery = z.uuid().safeParse(new URLSearchParams(search).get('delivery_id') ?? '');

  return (
    <RecordFormPage<AssignmentRecord> mode={mode} scope={tenantId} load={(id) => getAssignment(tenantId, id)} listPath={LIST_PATH} words={assignmentMessages}>
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

/** A label that resolves an id to its name once (the read-only view); an answer for an id left behind is dropped. */
function useLabel(resolve: () => Promise<string | null>, key: string): string {
  const { state } = useRecordLoad<string>(key, resolve);
  return state.status === 'loading' ? '…' : state.status === 'ready' ? state.record : '—';
}

function ReadOnlyAssignment({ tenantId, assignment }: { tenantId: string; assignment: AssignmentRecord }) {
  const [, navigate] = useLocation();
  const driver = useLabel(() => driverLabel(tenantId, assignment.driver_id), assignment.driver_id);
  const vehicle = useLabel(() => vehicleLabel(tenantId, assignment.vehicle_id), assignment.vehicle_id);
  const t = useT(assignmentMessages);
  const format = useFormat();
  const reason = notEditableReason(assignment.status, t);
  const rows: [string, ReactNode][] = [
    [t('col.status'), <StatusChip key="status" vocabulary={assignmentStatus} status={assignment.status} />],
    [t('col.delivery'), assignment.delivery ? [assignment.delivery.delivery_code, assignment.delivery.external_reference_id].filter(Boolean).join(' · ') : '—'],
    [t('col.driver'), driver],
    [t('col.vehicle'), vehicle],
    [t('col.time'), format.dateTime(assignment.assignment_time)],
    [t('view.answered'), format.dateTime(assignment.responded_at)],
  ];
  if (assignment.rejection_reason) rows.push([t('view.rejectionReason'), assignment.rejection_reason]);
  if (assignment.completed_at) rows.push([t('view.completed'), format.dateTime(assignment.completed_at)]);
  if (assignment.cancelled_at) rows.push([t('view.cancelled'), format.dateTime(assignment.cancelled_at)]);
  if (assignment.cancel_reason) rows.push([t('view.cancelReason'), assignment.cancel_reason]);
  if (assignment.notes) rows.push([t('form.notes'), assignment.notes]);
  return (
    <section aria-label={t('view.label')} className="max-w-3xl space-y-4">
      <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
        {t('view.readOnly', { reason })}
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
        {t('view.back')}
      </Button>
    </section>
  );
}

function AssignmentForm({ tenantId, assignment, deliveryId }: { tenantId: string; assignment: AssignmentRecord | null; deliveryId: string | null }) {
  const editing = assignment !== null;
  const [everyone, setEveryone] = useState(false);
  const everyoneId = useId();
  const { t, form, formProps, field } = useRecordForm(assignmentForm, tenantId, assignment, { empty: emptyAssignmentForm(deliveryId) });
  const [chosenDelivery, chosenDriver, chosenVehicle] = useWatch({ control: form.control, name: ['delivery_id', 'driver_id', 'vehicle_id'] });

  // The driver's usual vehicle fills an empty vehicle, or replaces one it filled itself. Each choice of
  // driver after the first is a new read (choosing the same driver again asks again); the answer for a
  // driver chosen before the current one is dropped.
  const autoVehicle = useRef<string | null>(null);
  const [driverChoice, setDriverChoice] = useState({ driver: chosenDriver, count: 0 });
  if (chosenDriver !== driverChoice.driver) setDriverChoice({ driver: chosenDriver, count: driverChoice.count + 1 });
  useRecordLoad<{ id: string }>(driverChoice.count > 0 && chosenDriver ? `${driverChoice.count}/${chosenDriver}` : null, () => driverDefaultVehicle(tenantId, chosenDriver), {
    onLoad: (vehicle) => {
      if (!vehicle) return;
      const current = form.getValues('vehicle_id');
      if (current && current !== autoVehicle.current) return;
      autoVehicle.current = vehicle.id;
      form.setValue('vehicle_id', vehicle.id, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    },
  });

  // The fit's answer as the database gave it (null when it could not be asked); its lines are worded in
  // the page's language when shown. A new choice reads nothing until its own answer.
  const fitKey = chosenDelivery && chosenDriver && chosenVehicle ? `${chosenDelivery}/${chosenDriver}/${chosenVehicle}` : null;
  const fit = useRecordLoad<Fit>(fitKey, (signal) => checkFit(chosenDelivery, chosenDriver, chosenVehicle, signal).catch(() => null), { loadingOnNewKey: true }).state;

  const shownAnswer = fitKey && fit.status === 'ready' ? fit.record : null;
  const serverWords = useServerWords();
  const shownFit: FitLine[] | null = useMemo(() => (shownAnswer ? fitLines(shownAnswer, t, serverWords) : null), [shownAnswer, t, serverWords]);

  return (
    <Form {...formProps} className="max-w-3xl space-y-5" aria-label={editing ? t('form.edit') : t('form.create')}>
      {editing ? (
        <div>
          <p className="text-sm font-medium">{t('col.delivery')}</p>
          <p className="mt-1 text-sm">
            {[assignment.delivery?.delivery_code, assignment.delivery?.external_reference_id].filter(Boolean).join(' · ') || '—'}
          </p>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('form.stays')}</p>
        </div>
      ) : (
        <LookupField {...field('delivery_id')} label={t('col.delivery')} required help={t('form.deliveryHelp')} placeholder={t('form.searchDeliveries')} lookup={assignableDeliveryLookup(tenantId, { pendingOnly: true })} />
      )}
      <div className="space-y-2">
        <LookupField {...field('driver_id')} label={t('col.driver')} required help={everyone ? t('form.driverHelpAll') : t('form.driverHelp')} placeholder={t('form.searchDrivers')} lookup={driverLookup(tenantId, { everyone })} />
        <label htmlFor={everyoneId} className="flex items-center gap-2 text-sm">
          <input id={everyoneId} type="checkbox" className="size-4 accent-brand" checked={everyone} onChange={(event) => setEveryone(event.target.checked)} />
          {t('form.everyone')}
        </label>
      </div>
      <LookupField {...field('vehicle_id')} label={t('col.vehicle')} required help={t('form.vehicleHelp')} placeholder={t('form.searchVehicles')} lookup={vehicleLookup(tenantId, { activeOnly: true })} />
      {shownFit && (
        <section aria-label={t('form.fit')} aria-live="polite" className="rounded-md border border-slate-200 px-4 py-3 text-sm dark:border-slate-700">
          <h2 className="font-medium">{t('form.fit')}</h2>
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
      <TextAreaField<AssignmentFormInput, 'notes'> name="notes" label={t('form.notes')} maxLength={1000} help={t('form.notesHelp')} />
      <FormActions submitLabel={editing ? t('form.save') : t('form.create')} />
    </Form>
  );
}

export const { create: AssignmentCreatePage, edit: AssignmentEditPage } = modePages(AssignmentFormPage);
