import { useIntl } from 'react-intl';
import { useMatches } from 'react-router';
import type { MessageId } from '../i18n/messages';
import { useDocumentTitle } from '../lib/use-document-title';
import { ComingSoon } from '../ui/coming-soon';

export type ComingSoonHandle = { titleId: MessageId };

function isComingSoonHandle(handle: unknown): handle is ComingSoonHandle {
  return typeof handle === 'object' && handle !== null && 'titleId' in handle;
}

/** A page a later release builds: its title (from the route's handle), a short note, a link home. */
export function ComingSoonPage() {
  const intl = useIntl();
  const handle = useMatches().at(-1)?.handle;
  const title = intl.formatMessage({ id: isComingSoonHandle(handle) ? handle.titleId : 'pages.comingSoon' });
  useDocumentTitle(title);
  return <ComingSoon title={title} />;
}
