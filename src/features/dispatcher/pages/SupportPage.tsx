import { Link, useSearchParams } from 'wouter';
import { useSession } from '../../../lib/session';
import { tenantIdOf } from '../../../lib/tenant';
import { PageHeader } from '../../../ui/PageHeader';
import { ContactAdmins } from '../components/ContactAdmins';
import { ExceptionsQueue } from '../components/ExceptionsQueue';
import { FailuresQueue } from '../components/FailuresQueue';
import { MessagesQueue, type ConversationSheet } from '../components/MessagesQueue';

const VIEWS = [
  { key: 'failures', label: 'Failed attempts' },
  { key: 'exceptions', label: 'Exceptions' },
  { key: 'messages', label: 'Customer messages' },
  { key: 'contact', label: 'Contact your admins' },
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
  const { user } = useSession();
  const tenantId = tenantIdOf(user) ?? '';
  const [params] = useSearchParams();
  const requested = params.get('view');
  const view: View = VIEWS.some((v) => v.key === requested) ? (requested as View) : 'failures';

  return (
    <div className="space-y-4">
      <PageHeader title="Support" breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Support' }]} />
      <nav aria-label="Support views" className="flex gap-2 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
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
            {v.label}
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
