import { useCallback, type ReactNode } from 'react';
import { requireEnv } from '../../../lib/env';
import { useDocumentTitle } from '../../../lib/document-title';
import { useT } from '../../../lib/i18n/catalogue';
import { adminPaths } from '../../../lib/paths';
import { ErrorState } from '../../../ui/ErrorState';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { useRecordLoad } from '../../../lib/use-record-load';
import { fetchApiDocument } from '../api';
import { CopyButton } from '../components/CopyButton';
import { curlExample, type Endpoint, endpointsOf, errorCodes, type JsonSchema, type OpenApiDocument, openApiSchema, typeLabel } from '../openapi';
import { ScrollBox } from '../../../ui/ScrollBox';
import { apiKeyMessages } from '../messages';

const methodTone: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  POST: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
};
const section = 'rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900';
const cell = 'px-3 py-2 text-left align-top';

// A URL, a path or a header has no space to wrap at: it may break anywhere, so a 320 px window (or 400 % zoom) never scrolls sideways.
const breaks = '[overflow-wrap:anywhere]';
const code = (chunks: ReactNode[]) => <code className={`font-mono ${breaks}`}>{chunks}</code>;
const mono = (chunks: ReactNode[]) => <span className={`font-mono ${breaks}`}>{chunks}</span>;

function Fields({ schema, caption }: { schema: JsonSchema; caption: string }) {
  const t = useT(apiKeyMessages);
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return <p className="text-sm">{schema.enum ? `${typeLabel(schema)}: ${schema.enum.join(', ')}` : typeLabel(schema)}</p>;
  return (
    <ScrollBox label={caption}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className={cell}>{t('ref.field')}</th>
            <th scope="col" className={cell}>{t('ref.type')}</th>
            <th scope="col" className={cell}>{t('ref.required')}</th>
            <th scope="col" className={cell}>{t('ref.description')}</th>
          </tr>
        </thead>
        <tbody>
          {properties.map(([name, field]) => (
            <tr key={name} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
              <td className={`${cell} font-mono`}>{name}</td>
              <td className={cell}>{field.enum ? field.enum.join(', ') : typeLabel(field)}</td>
              <td className={cell}>{schema.required?.includes(name) ? t('ref.yes') : t('ref.no')}</td>
              <td className={cell}>{field.description ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

function EndpointCard({ endpoint, doc, baseUrl }: { endpoint: Endpoint; doc: OpenApiDocument; baseUrl: string }) {
  const t = useT(apiKeyMessages);
  const { operation } = endpoint;
  const params = operation.parameters ?? [];
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const curl = curlExample(endpoint, baseUrl, doc);
  const title = `${endpoint.method} ${endpoint.path}`;
  return (
    <section aria-label={title} className={`${section} space-y-3`}>
      <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold">
        <span className={`rounded px-2 py-0.5 font-mono text-xs ${methodTone[endpoint.method] ?? 'bg-slate-100 dark:bg-slate-800'}`}>{endpoint.method}</span>
        <span className={`font-mono ${breaks}`}>{endpoint.path}</span>
        <span className="font-normal text-slate-700 dark:text-slate-300">{operation.summary}</span>
      </h3>
      {params.length > 0 && (
        <ScrollBox label={t('ref.parametersOf', { endpoint: title })}>
          <table className="w-full text-sm">
            <caption className="text-left font-medium">{t('ref.parameters')}</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className={cell}>{t('ref.name')}</th>
                <th scope="col" className={cell}>{t('ref.in')}</th>
                <th scope="col" className={cell}>{t('ref.type')}</th>
                <th scope="col" className={cell}>{t('ref.description')}</th>
              </tr>
            </thead>
            <tbody>
              {params.map((p) => (
                <tr key={`${p.in}:${p.name}`} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <td className={`${cell} font-mono`}>
                    {p.name}
                    {p.required ? ` ${t('ref.requiredMark')}` : ''}
                  </td>
                  <td className={cell}>{p.in}</td>
                  <td className={cell}>{typeLabel(p.schema)}</td>
                  <td className={cell}>{p.description ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {body && (
        <div>
          <p className="text-sm font-medium">{t('ref.requestBody', { type: typeLabel(body) })}</p>
        </div>
      )}
      <div>
        <p className="text-sm font-medium">{t('ref.responses')}</p>
        <ul className="text-sm">
          {Object.entries(operation.responses).map(([status, r]) => (
            <li key={status}>
              <span className="font-mono">{status}</span> {r.$ref ? r.$ref.split('/').at(-1) : r.description}
              {r.content?.['application/json']?.schema ? `: ${typeLabel(r.content['application/json'].schema)}` : ''}
            </li>
          ))}
        </ul>
      </div>
      <div className="space-y-2">
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-medium">{t('ref.example')}</p>
          <CopyButton text={curl} label={t('ref.copyExample', { endpoint: title })} failure={t('ref.copyFailed')} />
        </div>
        <pre tabIndex={0} aria-label={t('ref.exampleOf', { endpoint: title })} className="overflow-x-auto rounded-md bg-slate-100 p-3 font-mono text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100">
          {curl}
        </pre>
      </div>
    </section>
  );
}

/** The developer page: the public API's OpenAPI document for this tenant's base URL, with a curl example per endpoint. */
export function DeveloperApiPage() {
  const t = useT(apiKeyMessages);
  useDocumentTitle(t('ref.documentTitle'));
  const baseUrl = `${requireEnv().supabaseUrl}/functions/v1/api`;
  const load = useCallback(async () => openApiSchema.parse(await fetchApiDocument()), []);
  const { state, retry } = useRecordLoad<OpenApiDocument>('openapi', load);
  const crumbs = [{ label: t('crumb.dashboard'), href: '/' }, { label: t('page.title'), href: adminPaths.apiKeyManagement() }, { label: t('page.reference') }];

  if (state.status === 'loading') {
    return (
      <div className="space-y-4">
        <PageHeader title={t('page.reference')} breadcrumbs={crumbs} />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (state.status !== 'ready') {
    return (
      <div className="space-y-4">
        <PageHeader title={t('page.reference')} breadcrumbs={crumbs} />
        <ErrorState title={t('ref.failed')} onRetry={retry} />
      </div>
    );
  }
  const doc = state.record;
  const endpoints = endpointsOf(doc);
  const errors = errorCodes(doc);
  const codeEnum = (doc.components.schemas.Error?.properties?.error?.properties?.code?.enum ?? []).map(String);
  return (
    <div className="space-y-6">
      <PageHeader title={t('page.reference')} breadcrumbs={crumbs} description={doc.info.description} />
      <section aria-labelledby="api-base" className={`${section} space-y-2`}>
        <h2 id="api-base" className="text-lg font-semibold">
          {t('ref.base')}
        </h2>
        <p className="text-sm">{t.rich('ref.baseUrl', { url: baseUrl, code })}</p>
        <p className="text-sm">
          {t.rich('ref.auth', { header: 'Authorization: Bearer wpk_…', variable: '$WAYPOST_API_KEY', url: `${baseUrl}/openapi.json`, version: doc.openapi, code })}
        </p>
      </section>
      <section aria-labelledby="api-endpoints" className="space-y-3">
        <h2 id="api-endpoints" className="text-lg font-semibold">
          {t('ref.endpoints')}
        </h2>
        {endpoints.map((endpoint) => (
          <EndpointCard key={`${endpoint.method} ${endpoint.path}`} endpoint={endpoint} doc={doc} baseUrl={baseUrl} />
        ))}
      </section>
      <section aria-labelledby="api-errors" className={`${section} space-y-2`}>
        <h2 id="api-errors" className="text-lg font-semibold">
          {t('ref.errors')}
        </h2>
        <p className="text-sm">{t.rich('ref.errorShape', { shape: '{"error": {"code", "message", "details"?}}', codes: codeEnum.join(', '), code, mono })}</p>
        <ScrollBox label={t('ref.errorAnswers')}>
          <table className="w-full text-sm">
            <caption className="sr-only">{t('ref.errorAnswers')}</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className={cell}>{t('ref.status')}</th>
                <th scope="col" className={cell}>{t('ref.code')}</th>
                <th scope="col" className={cell}>{t('ref.when')}</th>
              </tr>
            </thead>
            <tbody>
              {errors.map((e) => (
                <tr key={e.name} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <td className={`${cell} font-mono`}>{e.status}</td>
                  <td className={`${cell} font-mono`}>{e.code}</td>
                  <td className={cell}>{e.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </section>
      <section aria-labelledby="api-schemas" className="space-y-3">
        <h2 id="api-schemas" className="text-lg font-semibold">
          {t('ref.schemas')}
        </h2>
        {Object.entries(doc.components.schemas).map(([name, schema]) => (
          <section key={name} aria-label={t('ref.schema', { name })} className={`${section} space-y-2`}>
            <h3 className={`font-mono text-base font-semibold ${breaks}`}>{name}</h3>
            <Fields schema={schema} caption={t('ref.fieldsOf', { name })} />
          </section>
        ))}
      </section>
    </div>
  );
}

export default DeveloperApiPage;
