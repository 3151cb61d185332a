import { Button, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { broadcastSessionEvent } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LanguageLink } from '../../../ui/language-link';
import { AuthLayout } from '../components/auth-layout';

/**
 * `/logout`: where the provider's end-session page returns the browser (SPEC §2, §4). The session
 * client has already cleared what this browser kept; the other tabs are told here, now that the
 * provider's session has ended too (`signOut`), and leave their pages.
 */
export function LogoutPage() {
  const intl = useIntl();
  useEffect(() => broadcastSessionEvent('signout'), []);
  const title = intl.formatMessage({ id: 'identity.logout.title' });
  useDocumentTitle(title);
  return (
    <AuthLayout title={title}>
      <Text mb="lg">{intl.formatMessage({ id: 'identity.logout.text' })}</Text>
      <Button component={LanguageLink} to="/user/login" size="md">
        {intl.formatMessage({ id: 'identity.logout.signIn' })}
      </Button>
    </AuthLayout>
  );
}
