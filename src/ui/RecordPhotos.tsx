import type { FieldPath, FieldValues } from 'react-hook-form';
import { publicFileUrl } from '../lib/storage-url';
import { FileField } from './form/FileField';

/** What a record's photos may be (return requests, exceptions): up to ten images of 3 MB each. */
export const RECORD_PHOTOS = {
  extensions: ['jpeg', 'jpg', 'png', 'gif'] as const,
  maxBytes: 3 * 1024 * 1024,
  maxFiles: 10,
  messages: {
    type: 'Photos must be jpeg, jpg, png or gif images',
    size: 'Each photo must be at most 3 MB',
    count: 'At most 10 photos',
  },
} as const;

/** The words of the photos field and thumbnails, in English unless a translated page gives its own. */
export interface RecordPhotosText {
  label: string;
  help: string;
  messages: { type: string; size: string; count: string };
}

const ENGLISH: RecordPhotosText = { label: 'Photos', help: 'Up to 10 jpeg, jpg, png or gif images, 3 MB each', messages: RECORD_PHOTOS.messages };

/** The record's photos field: several images, refused before any upload past the limits above. */
export function RecordPhotosField<T extends FieldValues, N extends FieldPath<T>>({ name, text = ENGLISH }: { name: N; text?: RecordPhotosText }) {
  return (
    <FileField<T, N>
      name={name}
      label={text.label}
      multiple
      maxFiles={RECORD_PHOTOS.maxFiles}
      accept={RECORD_PHOTOS.extensions}
      maxBytes={RECORD_PHOTOS.maxBytes}
      messages={text.messages}
      help={text.help}
    />
  );
}

/** A record's stored photos as thumbnails, each opening the full image in a new tab. */
export function PhotoThumbs({
  refs,
  className = 'flex flex-wrap gap-2',
  alt = (number) => `Photo ${number}`,
}: {
  refs: readonly string[];
  className?: string;
  /** A thumbnail's text alternative, by its number from 1. */
  alt?: (number: number) => string;
}) {
  return (
    <ul className={className}>
      {refs.map((ref, index) => (
        <li key={ref}>
          <a href={publicFileUrl(ref)} target="_blank" rel="noreferrer">
            <img src={publicFileUrl(ref)} alt={alt(index + 1)} className="size-20 rounded object-cover" loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}
