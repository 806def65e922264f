import { useDocumentTitle } from '../../../lib/document-title';
import type { AuthRedirectResult } from '../schema';
import { useT } from '../../../lib/i18n/catalogue';
import { authMessages } from '../messages';
import { LinkProblem } from './LinkProblem';

/**
 * /verify when the mailed link did not sign anyone in (a signed-in visitor is sent on to their
 * panel by the route): the server's error or message, with a way out.
 */
export function VerifyPage({ result }: { result: AuthRedirectResult }) {
  const t = useT(authMessages);
  useDocumentTitle(t('verify.documentTitle'));
  if (result.error) return <LinkProblem title={t('verify.failed')} detail={result.error} />;
  if (result.message) return <LinkProblem title={t('verify.almost')} detail={result.message} />;
  return <LinkProblem title={t('verify.invalid')} detail={t('verify.invalidDetail')} />;
}
