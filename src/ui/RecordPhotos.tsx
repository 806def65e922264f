import type { FieldPath, FieldValues } from 'react-hook-form';
import { useT } from '../lib/i18n/catalogue';
import { publicFileUrl } from '../lib/storage-url';
import { FileField } from './form/FileField';
import { uiMessages } from './messages';

/** What a record's photos may be (return requests, exceptions): up to ten images of 3 MB each (the kit's catalogue says so). */
export const RECORD_PHOTOS = {
  extensions: ['jpeg', 'jpg', 'png', 'gif'] as const,
  maxBytes: 3 * 1024 * 1024,
  maxFiles: 10,
} as const;

/** The record's photos field: several images, refused before any upload past the limits above; its words from the kit's catalogue. */
export function RecordPhotosField<T extends FieldValues, N extends FieldPath<T>>({ name }: { name: N }) {
  const t = useT(uiMessages);
  const count = RECORD_PHOTOS.maxFiles;
  return (
    <FileField<T, N>
      name={name}
      label={t('photos.label')}
      multiple
      maxFiles={count}
      accept={RECORD_PHOTOS.extensions}
      maxBytes={RECORD_PHOTOS.maxBytes}
      messages={{ type: t('photos.type'), size: t('photos.size'), count: t('photos.count', { count }) }}
      help={t('photos.help', { count })}
    />
  );
}

/** A record's stored photos as thumbnails, each opening the full image in a new tab. */
export function PhotoThumbs({ refs, className = 'flex flex-wrap gap-2' }: { refs: readonly string[]; className?: string }) {
  const t = useT(uiMessages);
  return (
    <ul className={className}>
      {refs.map((ref, index) => (
        <li key={ref}>
          <a href={publicFileUrl(ref)} target="_blank" rel="noreferrer">
            <img src={publicFileUrl(ref)} alt={t('photos.thumb', { number: index + 1 })} className="size-20 rounded object-cover" loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}
