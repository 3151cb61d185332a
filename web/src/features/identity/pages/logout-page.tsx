import { Button, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LanguageLink } from '../../../ui/language-link';
import { AuthLayout } from '../components/auth-layout';

/**
 * `/logout`: where the provider's end-session page returns the browser (SPEC §2, §4). The session
 * client has already cleared what this browser kept.
 */
export function LogoutPage() {
  const intl = useIntl();
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
