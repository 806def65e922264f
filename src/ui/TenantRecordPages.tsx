import { createElement, type ComponentType } from 'react';
import type { Catalogue } from '../lib/i18n/catalogue';
import { useTenantId } from '../lib/tenant';
import { modePages, RecordFormPage, type RECORD_FORM_TITLE_KEYS, type Mode, type ModePage } from './RecordFormPage';
import type { RecordPageWordKey } from './RecordPageFrame';

// Apart from RecordFormPage.tsx so that the kit's word lists there stay readable without the session
// (the catalogue check imports them in Node, where the signed-in tenant's modules cannot load).

/** A tenant's record form as `tenantRecordPages` mounts it: the tenant and the record (null to create). */
export type TenantRecordFormProps<Row extends { id: string }> = { tenantId: string; record: Row | null };

/**
 * The create and the edit screen of a tenant's record, declared once: the `RecordFormPage` of the
 * signed-in tenant that reads the route's record with `load` and mounts `form` for it.
 */
export function tenantRecordPages<Row extends { id: string }>(page: {
  load: (tenantId: string, id: string) => Promise<Row | null>;
  listPath: string;
  words: Catalogue<(typeof RECORD_FORM_TITLE_KEYS)[number] | RecordPageWordKey | 'list.title'>;
  form: ComponentType<TenantRecordFormProps<Row>>;
  skeletons?: readonly string[];
}): Record<Mode, ModePage<{ mode: Mode }>> {
  const { load, listPath, words, form, skeletons } = page;
  return modePages(function TenantRecordFormPage({ mode }: { mode: Mode }) {
    const tenantId = useTenantId() ?? '';
    return (
      <RecordFormPage<Row> mode={mode} scope={tenantId} load={(id) => load(tenantId, id)} listPath={listPath} words={words} skeletons={skeletons}>
        {(record) => createElement(form, { tenantId, record })}
      </RecordFormPage>
    );
  });
}
