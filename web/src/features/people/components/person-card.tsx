import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { LanguageLink } from '../../../ui/language-link';
import { displayPhone } from '../../../lib/format';

/** A person with mail and phone links (the company's managers, the provider's agents). */
export function PersonCard({
  name,
  subtitle,
  email,
  phone,
  badge,
  actions,
  headingLevel = 3,
}: {
  headingLevel?: 2 | 3;
  name: string;
  subtitle?: string;
  email: string;
  phone: string;
  badge?: ReactNode;
  actions?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Paper component="li" withBorder radius="md" p="md" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Title order={headingLevel} size="h4">
            {name}
          </Title>
          {subtitle ? (
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          ) : null}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Anchor
              component={LanguageLink}
              to={`mailto:${email}`}
              aria-label={intl.formatMessage({ id: 'account.people.emailTo' }, { name, email })}
            >
              {email}
            </Anchor>
          </Text>
          {phone ? (
            <Text size="sm">
              <Anchor
                component={LanguageLink}
                to={`tel:${phone.replace(/[^\d+]/g, '')}`}
                aria-label={intl.formatMessage(
                  { id: 'account.people.callTo' },
                  { name, phone: displayPhone(phone) },
                )}
              >
                {displayPhone(phone)}
              </Anchor>
            </Text>
          ) : null}
        </Stack>
        <Stack gap="xs" align="flex-end">
          {badge}
          {actions}
        </Stack>
      </Group>
    </Paper>
  );
}
