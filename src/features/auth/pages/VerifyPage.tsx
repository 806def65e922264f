import { useDocumentTitle } from '../../../lib/document-title';
import type { AuthRedirectResult } from '../schema';
import { LinkProblem } from './LinkProblem';

/**
 * /verify when the mailed link did not sign anyone in (a signed-in visitor is sent on to their
 * panel by the route): the server's error or message, with a way out.
 */
export function VerifyPage({ result }: { result: AuthRedirectResult }) {
  useDocumentTitle('Verify | Waypost');
  if (result.error) return <LinkProblem title="We could not verify your email" detail={result.error} />;
  if (result.message) return <LinkProblem title="Almost there" detail={result.message} />;
  return <LinkProblem title="This link is not valid" detail="The verification link is invalid or has expired. Sign in, or ask for a new link." />;
}
