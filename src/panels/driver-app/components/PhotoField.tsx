import { useEffect, useId, useMemo } from 'react';
import { controlClassName, describedBy, labelClassName } from '../../../ui/form/FieldFrame';
import { useT } from '../../../lib/i18n/catalogue';
import { driverMessages } from '../messages';

/** Photos from the phone's camera (capture=environment opens the back camera), with thumbnails. */
export function PhotoField({
  label,
  files,
  onChange,
  required,
  error,
  multiple = true,
}: {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  required: boolean;
  error?: string | undefined;
  multiple?: boolean;
}) {
  const t = useT(driverMessages);
  const id = useId();
  const previews = useMemo(() => files.map((file) => ({ file, url: URL.createObjectURL(file) })), [files]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);
  return (
    <div>
      <label htmlFor={id} className={labelClassName(required)}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        multiple={multiple}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        className={`mt-1.5 ${controlClassName(error)}`}
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          onChange(multiple ? [...files, ...picked] : picked.slice(0, 1));
          event.target.value = '';
        }}
      />
      {previews.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={`${label}: ${previews.length} added`}>
          {previews.map(({ file, url }, index) => (
            <li key={url} className="relative">
              <img src={url} alt={t('photo.alt', { number: String(index + 1) })} className="size-20 rounded-lg object-cover" />
              <button
                type="button"
                aria-label={t('photo.remove', { number: String(index + 1) })}
                onClick={() => onChange(files.filter((f) => f !== file))}
                className="absolute -top-2 -right-2 rounded-full bg-slate-900 px-1.5 text-xs text-white"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
