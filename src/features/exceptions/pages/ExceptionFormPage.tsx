import { RecordSummary, SummaryItem, SummaryLink } from '../../../ui/RecordSummary';
import { useCallback, useMemo } from 'react';
import { adminPaths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { exceptionSeverity, exceptionStatus, exceptionType, exceptionTypeLabel } from '../../../data/statuses';
import { useT, type Translate } from '../../../lib/i18n/catalogue';
import { useFormat } from '../../../lib/i18n/format';
import { exceptionMessages, type ExceptionKey } from '../messages';
import { StatusChip } from '../../../ui/Chip';
import { Form, FormActions, LookupField, SelectField, TextAreaField, defineRecordForm, useRecordForm } from '../../../ui/form';
import { DialogNote, StatusActions } from '../../../ui/StatusActions';
import { PhotoThumbs, RecordPhotosField } from '../../../ui/RecordPhotos';
import { modePages } from '../../../ui/RecordFormPage';
import { StatusRecordPage } from '../../../ui/StatusRecordPage';
import { useToast } from '../../../ui/toast';
import { deliveryLookup } from '../../../data/deliveries';
import { staffLookup } from '../../../data/people';
import { currentOption } from '../../../lib/lookup-option';
import { publicFileUrl } from '../../../lib/storage-url';
import { refusalText } from '../../../lib/refusal-text';
import { useServerWords } from '../../../lib/server-messages/server-words';
import {
  createException,
  exceptionActions,
  getException,
  listExceptionEvents,
  transitionException,
  updateException,
  uploadExceptionPhoto,
} from '../api';
import {
  emptyExceptionForm,
  EXCEPTION_ACTIONS,
  EXCEPTION_MESSAGES,
  ExceptionFormSchema,
  toExceptionFormValues,
  toExceptionWrite,
  type ExceptionAction,
  type ExceptionFormInput,
  type ExceptionRow,
} from '../schema';
import { useStatuses } from '../../../lib/status-vocabulary';

/** The photos are uploaded first; a new exception is reported for its delivery and opens on its own page. */
const exceptionForm = defineRecordForm({
  words: exceptionMessages,
  schema: ExceptionFormSchema,
  translate: translateValidation,
  values: (row: ExceptionRow) => toExceptionFormValues(row, publicFileUrl),
  empty: emptyExceptionForm,
  files: { field: 'photos', upload: uploadExceptionPhoto },
  toWrite: (values, photos) => ({ deliveryId: values.delivery_id, write: toExceptionWrite(values, photos) }),
  create: (tenantId, { deliveryId, write }) => createException(tenantId, deliveryId, write),
  update: (tenantId, id, { write }) => updateException(tenantId, id, write),
  thenCreated: (id) => adminPaths.exceptionEdit(id),
});

/** The schema's messages (the spec's English) and their keys, so a form error shows in the page's language. */
const VALIDATION_KEYS: Record<string, ExceptionKey> = {
  [EXCEPTION_MESSAGES.delivery]: 'validation.delivery',
  [EXCEPTION_MESSAGES.type]: 'validation.type',
  [EXCEPTION_MESSAGES.severity]: 'validation.severity',
  [EXCEPTION_MESSAGES.description]: 'validation.description',
  [EXCEPTION_MESSAGES.descriptionLength]: 'validation.descriptionLength',
};

function translateValidation(t: Translate<ExceptionKey>, message: string): string {
  const key = VALIDATION_KEYS[message];
  return key ? t(key) : message;
}

const ACTION_KEYS: Record<ExceptionAction, ExceptionKey> = {
  investigating: 'action.investigating',
  resolved: 'action.resolved',
  closed: 'action.closed',
};

const ACTION_MESSAGE_KEYS: Record<ExceptionAction, ExceptionKey> = {
  investigating: 'dialog.investigating',
  resolved: 'dialog.resolved',
  closed: 'dialog.closed',
};

/** Create (no id in the route) or edit (`exceptions/:id/edit`): the form while open or investigating, the status actions and the history. */
export function ExceptionFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { user } = useSession();
  const t = useT(exceptionMessages);
  const tenantId = tenantIdOf(user) ?? '';
  const load = useCallback((id: string) => getException(tenantId, id), [tenantId]);
  return (
    <StatusRecordPage<ExceptionRow>
      mode={mode}
      scope={tenantId}
      load={load}
      listPath={adminPaths.exceptions()}
      codeOf={(row) => row.exception_code}
      titles={{ create: t('form.report'), record: t('form.record') }}
      words={exceptionMessages}
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
  const t = useT(exceptionMessages);
  const format = useFormat();
  return (
    <RecordSummary columns={4}>
      <SummaryItem term={t('col.status')}>
        <StatusChip vocabulary={exceptionStatus} status={row.status} />
      </SummaryItem>
      <SummaryItem term={t('col.delivery')} note={row.customer_name}>
        {row.delivery_code ? <SummaryLink href={adminPaths.delivery(row.delivery_id)}>{row.delivery_code}</SummaryLink> : '—'}
      </SummaryItem>
      <SummaryItem term={t('summary.reported')} note={t('summary.by', { name: row.reported_by_name ?? t('summary.formerUser') })}>
        {format.dateTime(row.created_at)}
      </SummaryItem>
      <SummaryItem term={t('col.assignedTo')}>{row.assigned_to_name ?? t('summary.unassigned')}</SummaryItem>
    </RecordSummary>
  );
}

function ExceptionDetails({ row }: { row: ExceptionRow }) {
  const t = useT(exceptionMessages);
  const format = useFormat();
  const types = useStatuses(exceptionType);
  return (
    <section aria-label={t('form.record')} className="max-w-3xl space-y-4 text-sm">
      <div className="flex items-center gap-2">
        <span className="font-medium">{exceptionTypeLabel(row.type, types)}</span>
        <StatusChip vocabulary={exceptionSeverity} status={row.severity} />
      </div>
      <p className="whitespace-pre-line">{row.description}</p>
      {row.photos.length > 0 && <PhotoThumbs refs={row.photos} />}
      <div>
        <h2 className="text-base font-semibold">{t('details.resolution')}</h2>
        <p className="mt-1 whitespace-pre-line">{row.resolution_notes}</p>
        {row.resolved_at && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{format.dateTime(row.resolved_at)}</p>}
      </div>
    </section>
  );
}

function ExceptionForm({ tenantId, row }: { tenantId: string; row: ExceptionRow | null }) {
  const { t, editing, formProps, field } = useRecordForm(exceptionForm, tenantId, row);
  const assignee = currentOption(row?.assigned_to, row?.assigned_to_name);
  const severityWords = useStatuses(exceptionSeverity);
  const types = useStatuses(exceptionType);

  return (
    <Form {...formProps} className="max-w-3xl space-y-5" aria-label={editing ? t('form.editLabel') : t('form.report')}>
      {!editing && (
        <LookupField {...field('delivery_id')} label={t('col.delivery')} required help={t('form.deliveryHelp')} lookup={deliveryLookup(tenantId)} placeholder={t('form.searchDeliveries')} />
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField<ExceptionFormInput, 'type'> name="type" label={t('col.type')} required options={types.options} placeholder={t('form.selectType')} />
        <SelectField<ExceptionFormInput, 'severity'> name="severity" label={t('col.severity')} required options={severityWords.options} placeholder={t('form.selectSeverity')} />
      </div>
      <TextAreaField<ExceptionFormInput, 'description'> name="description" label={t('form.description')} required rows={4} maxLength={2000} />
      <LookupField {...field('assigned_to')} label={t('col.assignedTo')} help={t('form.assignedHelp')} lookup={staffLookup(tenantId, { activeOnly: true })} initialOptions={assignee} placeholder={t('form.searchStaff')} />
      <RecordPhotosField<ExceptionFormInput, 'photos'> name="photos" />
      <FormActions submitLabel={editing ? t('form.save') : t('form.report')} />
    </Form>
  );
}

function ExceptionActions({ row, onMoved }: { row: ExceptionRow; onMoved: () => Promise<void> }) {
  const toast = useToast();
  const t = useT(exceptionMessages);
  const labels = useMemo(() => Object.fromEntries(EXCEPTION_ACTIONS.map((a) => [a, t(ACTION_KEYS[a])])) as Record<ExceptionAction, string>, [t]);
  const messages = useMemo(() => Object.fromEntries(EXCEPTION_ACTIONS.map((a) => [a, t(ACTION_MESSAGE_KEYS[a])])) as Record<ExceptionAction, string>, [t]);
  const serverWords = useServerWords();

  async function move({ action, notes }: { action: ExceptionAction; notes: string }) {
    if (action !== 'investigating' && !notes.trim()) throw new Error(t('validation.resolution'));
    try {
      await transitionException(row.id, action, action === 'investigating' ? '' : notes, action === 'investigating' ? notes : '');
    } catch (error) {
      // The database's refusal in the user's language (its English for a key this build does not know).
      throw new Error(refusalText(error, ' ', serverWords), { cause: error });
    }
    toast.success(t('toast.moved', { status: action }));
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
      labels={labels}
      messages={messages}
      idle={t('actions.idle', { status: row.status })}
      secondary="closed"
      history={{ vocabulary: exceptionStatus, createdLabel: t('summary.reported') }}
      start={(action) => ({ action, notes: '' })}
      fields={(dialog, set) => (
        <DialogNote
          label={dialog.action === 'investigating' ? t('dialog.note') : t('details.resolution')}
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

export const { create: ExceptionCreatePage, edit: ExceptionEditPage } = modePages(ExceptionFormPage);
