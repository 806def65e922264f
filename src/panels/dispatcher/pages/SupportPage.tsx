import { Link, useSearchParams } from 'wouter';
import { useT } from '../../../lib/i18n/catalogue';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { PageHeader } from '../../../ui/PageHeader';
import { ContactAdmins } from '../components/ContactAdmins';
import { ExceptionsQueue } from '../components/ExceptionsQueue';
import { FailuresQueue } from '../components/FailuresQueue';
import { MessagesQueue, type ConversationSheet } from '../components/MessagesQueue';
import { dispatcherMessages } from '../messages';

const VIEWS = [
  { key: 'failures', label: 'support.failures' },
  { key: 'exceptions', label: 'support.exceptions' },
  { key: 'messages', label: 'support.messages' },
  { key: 'contact', label: 'support.contact' },
] as const;
type View = (typeof VIEWS)[number]['key'];

const tabClassName =
  'border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand';

/**
 * The support screen: the dispatcher's queue of problems reported from the field (failed attempts,
 * exceptions, customers' messages about their orders) to acknowledge and resolve, and a form to
 * reach the admins. The customers' conversations open in chat's sheet (`conversationSheet`, composed
 * in src/app). Each view has its own
 * list state in the URL: switching view starts from its defaults (`?view=…` only).
 */
export function SupportPage({ conversationSheet }: { conversationSheet?: ConversationSheet }) {
  const t = useT(dispatcherMessages);
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const [params] = useSearchParams();
  const requested = params.get('view');
  const view: View = VIEWS.some((v) => v.key === requested) ? (requested as View) : 'failures';

  return (
    <div className="space-y-4">
      <PageHeader title={t('support.title')} breadcrumbs={[{ label: t('crumb.dashboard'), href: '/' }, { label: t('support.title') }]} />
      <nav aria-label={t('support.views')} className="flex gap-2 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
        {VIEWS.map((v) => (
          <Link
            key={v.key}
            href={`/support?view=${v.key}`}
            aria-current={view === v.key ? 'page' : undefined}
            className={`${tabClassName} ${
              view === v.key
                ? 'border-brand text-brand'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'
            }`}
          >
            {t(v.label)}
          </Link>
        ))}
      </nav>
      {view === 'failures' && <FailuresQueue tenantId={tenantId} />}
      {view === 'exceptions' && <ExceptionsQueue tenantId={tenantId} />}
      {view === 'messages' && <MessagesQueue tenantId={tenantId} conversationSheet={conversationSheet} />}
      {view === 'contact' && <ContactAdmins />}
    </div>
  );
}

export default SupportPage;
