import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { stripLeadingWhitespace } from '@tessera/domain';
import { useIntl } from 'react-intl';

type Props = {
  alias: string;
  comments: string;
  onAlias: (alias: string) => void;
  onComments: (comments: string) => void;
};

/** The draft's own name (to find it among drafts) and the comments printed on the invoice. */
export function DraftDetails({ alias, comments, onAlias, onComments }: Props) {
  const intl = useIntl();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <TextInput
        label={intl.formatMessage({ id: 'cardIssue.details.alias' })}
        description={intl.formatMessage({ id: 'cardIssue.details.aliasHint' })}
        maxLength={80}
        value={alias}
        onChange={(event) => onAlias(stripLeadingWhitespace(event.currentTarget.value))}
      />
      <Textarea
        label={intl.formatMessage({ id: 'cardIssue.details.comments' })}
        description={intl.formatMessage({ id: 'cardIssue.details.commentsHint' })}
        maxLength={500}
        autosize
        minRows={2}
        value={comments}
        onChange={(event) => onComments(stripLeadingWhitespace(event.currentTarget.value))}
      />
    </SimpleGrid>
  );
}
