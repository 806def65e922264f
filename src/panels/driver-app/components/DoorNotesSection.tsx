import { doorOptions, receiverLines, type DoorNotes } from '../door-notes';
import { useT } from '../../../lib/i18n/catalogue';
import { driverMessages } from '../messages';

/**
 * The customer's instructions for the drop-off and who else may receive the delivery (read with the
 * driver's work, driver_door_notes); nothing when there are none.
 */
export function DoorNotesSection({ notes: value }: { notes: DoorNotes | null }) {
  const t = useT(driverMessages);
  if (!value) return null;
  const options = doorOptions(value);
  const receivers = receiverLines(value);
  return (
    <section aria-label={t('door.label')} className="mt-3 rounded-xl bg-amber-50 p-3 text-sm dark:bg-amber-950/40">
      {value.instructions && <p className="whitespace-pre-line font-medium">{value.instructions}</p>}
      {value.address_instructions && <p className="mt-1 whitespace-pre-line">{value.address_instructions}</p>}
      {options.length > 0 && <p className="mt-1 text-slate-700 dark:text-slate-300">{options.map((key) => t(key)).join(' · ')}</p>}
      {receivers.length > 0 && (
        <div className="mt-2">
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{t('door.mayReceive')}</p>
          <ul className="mt-1 space-y-0.5">
            {receivers.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
