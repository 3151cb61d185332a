import { Anchor, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../lib/use-document-title';
import { WarningIllustration } from '../ui/illustrations';
import { LanguageLink } from '../ui/language-link';

/**
 * The 403 page (SPEC §6: every route has its allowed roles): shown in place of a page the signed-in
 * user's role may not open. The address stays, so the user sees where they tried to go.
 */
export function ForbiddenPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'forbidden.title' });
  useDocumentTitle(title);
  return (
    <section className="tessera-coming-soon" aria-labelledby="forbidden-title">
      <WarningIllustration />
      <Title order={1} id="forbidden-title">
        {title}
      </Title>
      <Text size="lg">{intl.formatMessage({ id: 'forbidden.text' })}</Text>
      <Text c="dimmed">{intl.formatMessage({ id: 'forbidden.code' })}</Text>
      <Anchor component={LanguageLink} to="/" fw={600}>
        {intl.formatMessage({ id: 'comingSoon.home' })}
      </Anchor>
    </section>
  );
}
