import { useT } from '../../../lib/i18n/catalogue';
import { activityMessages } from '../messages';
import { fieldChanges, formatAuditValue, type AuditEntry } from '../schema';
import { columnWords } from '../words';

/** The changed fields of one entry: before -> after per column (an insert shows only after, a delete only before). */
export function AuditDiff({ entry }: { entry: Pick<AuditEntry, 'action' | 'changed_columns' | 'old_values' | 'new_values'> }) {
  const t = useT(activityMessages);
  /** A stored value as text: a yes/no in the page's language, else as recorded (JSON for a structured value). */
  const shown = (value: unknown): string => (typeof value === 'boolean' ? t(value ? 'diff.yes' : 'diff.no') : formatAuditValue(value));
  const changes = fieldChanges(entry);
  if (changes.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{t('diff.none')}</p>;
  const showBefore = entry.action !== 'insert';
  const showAfter = entry.action !== 'delete';
  return (
    <table className="w-full table-fixed text-left text-sm" aria-label={t('diff.label')} data-testid="audit-diff">
      <thead className="text-xs text-slate-500 uppercase dark:text-slate-400">
        <tr>
          <th scope="col" className="w-1/4 py-1 pr-3 font-medium">
            {t('diff.field')}
          </th>
          {showBefore && (
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('diff.before')}
            </th>
          )}
          {showAfter && (
            <th scope="col" className="py-1 font-medium">
              {t('diff.after')}
            </th>
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {changes.map((change) => (
          <tr key={change.column}>
            <th scope="row" className="py-1 pr-3 align-top font-medium">
              {columnWords(t, change.column)}
            </th>
            {showBefore && (
              <td className="py-1 pr-3 align-top break-words">
                <span className="rounded bg-red-50 px-1 text-red-800 dark:bg-red-950/50 dark:text-red-200">{shown(change.before)}</span>
              </td>
            )}
            {showAfter && (
              <td className="py-1 align-top break-words">
                <span className="rounded bg-emerald-50 px-1 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200">
                  {shown(change.after)}
                </span>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
