import { useEffect, useState, type ChangeEvent } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { Button } from '../Button';
import { useBoundField, type BoundFieldProps } from './bind';
import { acceptAttribute, checkFile, EXTENSION_KIND, extensionOf } from './file-checks';
import { fieldAria, FieldFrame } from './FieldFrame';
import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';

/** A chosen file not yet uploaded, or the URL of one already stored (on edit). */
export type FileValue = File | string;

export interface FileFieldMessages {
  /** Extension not in `accept`, or content that is not what the extension says. */
  type: string;
  /** Larger than maxBytes. */
  size: string;
  /** More files than allowed (several dropped on a single-file field, or beyond maxFiles). */
  count?: string;
}

export interface FileFieldProps<T extends FieldValues, N extends FieldPath<T>, O> extends BoundFieldProps<T, N, O> {
  /** Allowed extensions, e.g. ['jpeg', 'jpg', 'png', 'gif']. */
  accept: readonly string[];
  maxBytes?: number;
  /** Several files (the form holds FileValue[]) instead of one (FileValue, or null for none). */
  multiple?: boolean;
  maxFiles?: number;
  /** The screen's words for each refusal. */
  messages: FileFieldMessages;
}

const isImage = (file: FileValue) => {
  const name = typeof file === 'string' ? new URL(file, 'http://x').pathname : file.name;
  const kind = EXTENSION_KIND[extensionOf(name)];
  return kind !== undefined && kind !== 'pdf';
};

const nameOf = (file: FileValue) => (typeof file === 'string' ? decodeURIComponent(file.split('?')[0]!.split('/').pop() ?? file) : file.name);

/**
 * A file picker that refuses, before any upload, a file whose extension is not allowed, whose
 * size is too big, or whose first bytes are not what its extension claims. The form holds the
 * File(s); the screen uploads them on submit.
 */
export function FileField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  name,
  control,
  label,
  required,
  help,
  disabled,
  className,
  accept,
  maxBytes,
  multiple = false,
  maxFiles = Number.POSITIVE_INFINITY,
  messages,
}: FileFieldProps<T, N, O>) {
  const t = useT(uiMessages);
  const { fieldRef, field, error: formError, id } = useBoundField({ name, control });
  const [refusal, setRefusal] = useState<string | null>(null);
  const error = refusal ?? formError;
  // Object URLs for the previews of picked images, made when picked and revoked when removed or unmounted.
  const [previews] = useState(() => new Map<File, string>());
  useEffect(
    () => () => {
      for (const url of previews.values()) URL.revokeObjectURL(url);
      previews.clear();
    },
    [previews],
  );
  const current: FileValue[] = multiple ? ((field.value as FileValue[] | null | undefined) ?? []) : field.value ? [field.value as FileValue] : [];

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const picked = [...(input.files ?? [])];
    // Clear the input so picking the same file again still fires a change.
    input.value = '';
    if (picked.length === 0) return;
    if (multiple ? current.length + picked.length > maxFiles : picked.length > 1) {
      setRefusal(messages.count ?? messages.type);
      return;
    }
    for (const file of picked) {
      const problem = await checkFile(file, { accept, maxBytes });
      if (problem) {
        setRefusal(messages[problem]);
        return;
      }
    }
    setRefusal(null);
    // jsdom and very old browsers lack object URLs: the name alone still tells the user what they chose.
    if (typeof URL.createObjectURL === 'function') {
      for (const file of picked) if (isImage(file)) previews.set(file, URL.createObjectURL(file));
    }
    field.onChange(multiple ? [...current, ...picked] : picked[0]);
    field.onBlur();
  }

  const removeAt = (index: number) => {
    const file = current[index];
    const url = file instanceof File ? previews.get(file) : undefined;
    if (file instanceof File && url) {
      URL.revokeObjectURL(url);
      previews.delete(file);
    }
    setRefusal(null);
    field.onChange(multiple ? current.filter((_, other) => other !== index) : null);
  };

  return (
    <FieldFrame id={id} label={label} required={required} help={help} error={error} className={className}>
      <input
        id={id}
        ref={fieldRef}
        type="file"
        name={field.name}
        accept={acceptAttribute(accept)}
        multiple={multiple}
        disabled={disabled}
        {...fieldAria(id, { required, help, error })}
        onChange={(event) => void onPick(event)}
        className={
          'block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold ' +
          'file:text-slate-900 hover:file:bg-slate-200 disabled:opacity-60 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-100'
        }
      />
      {current.length > 0 && (
        <ul aria-label={t('field.chosen', { label })} className="mt-2 space-y-2">
          {current.map((file, index) => (
            <li key={`${nameOf(file)}-${index}`} className="flex items-center gap-3 text-sm">
              {isImage(file) && (typeof file === 'string' || previews.has(file)) && (
                <img
                  src={typeof file === 'string' ? file : previews.get(file)}
                  alt=""
                  className="size-16 shrink-0 rounded-md border border-slate-200 object-cover dark:border-slate-700"
                />
              )}
              <span className="min-w-0 flex-1 truncate">{nameOf(file)}</span>
              <Button variant="secondary" disabled={disabled} onClick={() => removeAt(index)} aria-label={t('field.removeItem', { name: nameOf(file) })}>
                {t('field.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </FieldFrame>
  );
}
