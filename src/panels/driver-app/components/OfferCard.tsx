import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Chip } from '../../../ui/Chip';
import { Dialog } from '../../../ui/Dialog';
import { TextAreaLike } from './TextAreaLike';
import { rejectError, type DriverTask } from '../schema';
import { TaskSummary } from './TaskSummary';
import { useT } from '../../../lib/i18n/catalogue';
import { driverMessages } from '../messages';
import { useErrorWords } from '../error-words';

export interface OfferCardProps {
  task: DriverTask;
  /** Arrived while the page was open: drawn with more emphasis. */
  fresh: boolean;
  pending: boolean;
  onAccept: () => void;
  onReject: (reason: string) => void;
}

/** A new assignment: accept it, or reject it with a reason (the dispatcher sees either live). */
export function OfferCard({ task, fresh, pending, onAccept, onReject }: OfferCardProps) {
  const t = useT(driverMessages);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { word } = useErrorWords();
  const headingId = `offer-${task.id}`;

  const submitReject = () => {
    const problem = rejectError(reason);
    setError(problem);
    if (problem) return;
    onReject(reason.trim());
    setRejecting(false);
  };

  return (
    <article
      aria-labelledby={headingId}
      data-testid="offer-card"
      className={`rounded-2xl border-2 bg-white p-4 shadow-lg dark:bg-slate-900 ${fresh ? 'border-brand ring-4 ring-brand/20' : 'border-brand/60'}`}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold">
          {t('offer.heading', { code: task.delivery_code })}
        </h3>
        <div className="flex gap-1.5">
          {task.priority === 'urgent' || task.priority === 'high' ? <Chip tone="error">{task.priority === 'urgent' ? t('offer.urgent') : t('offer.high')}</Chip> : null}
          {pending && <Chip tone="warning">{t('pending.waiting')}</Chip>}
        </div>
      </div>
      <TaskSummary task={task} />
      {task.offer?.notes && <p className="mt-2 rounded-lg bg-slate-50 p-2 text-sm dark:bg-slate-800">{t('offer.dispatchNote', { note: task.offer.notes })}</p>}
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => setRejecting(true)} className="py-3">
          {t('offer.reject')}
        </Button>
        <Button onClick={onAccept} className="py-3">
          {t('offer.accept')}
        </Button>
      </div>
      <Dialog
        open={rejecting}
        onClose={() => setRejecting(false)}
        title={t('offer.rejectTitle', { code: task.delivery_code })}
        description={t('offer.rejectDescription')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRejecting(false)}>
              {t('offer.keep')}
            </Button>
            <Button onClick={submitReject}>{t('offer.rejectConfirm')}</Button>
          </>
        }
      >
        <TextAreaLike label={t('offer.reason')} required value={reason} onChange={setReason} error={error === null ? undefined : word(error)} maxLength={500} />
      </Dialog>
    </article>
  );
}
