import { Alert, Anchor, List, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { LanguageLink } from '../../../ui/language-link';
import type { DraftFailure } from '../api/draft-failure';
import { useCompanyVoice } from '../../../lib/company-voice';

/** Why a draft could not be made: the draft limit (with the way out), or what the server refused. */
export function DraftFailureAlert({
  failure,
  onClose,
}: {
  failure: DraftFailure | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const voice = useCompanyVoice();
  if (!failure || failure.kind === 'failed') return null;
  if (failure.kind === 'limit') {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        withCloseButton
        onClose={onClose}
        title={intl.formatMessage({ id: 'cardIssue.save.limitTitle' })}
        mb="md"
      >
        <Text size="sm">{intl.formatMessage({ id: 'cardIssue.save.limitText' }, voice)}</Text>
        <Anchor component={LanguageLink} to="/draft-orders" size="sm" fw={600}>
          {intl.formatMessage({ id: 'cardIssue.save.limitLink' })}
        </Anchor>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" role="alert" withCloseButton onClose={onClose} mb="md">
      <List size="sm">
        {failure.messages.map((message) => (
          <List.Item key={message}>{message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
