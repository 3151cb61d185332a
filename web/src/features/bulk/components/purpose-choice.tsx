import { Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { BULK_PURPOSES, type BulkPurpose } from '@tessera/domain';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../../lib/use-locale';
import { templateHref } from '../api/files';
import { PURPOSE_MESSAGES } from '../model';

type Props = { purpose: BulkPurpose; onChange: (purpose: BulkPurpose) => void };

/**
 * What the file is for (its columns differ), with the template and the example for that purpose in
 * the page's language: the templates carry the columns, drop-down lists and an instructions sheet.
 */
export function PurposeChoice({ purpose, onChange }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const templatesTitle = useId();
  return (
    <Stack gap="lg">
      <Radio.Group
        label={intl.formatMessage({ id: 'bulk.purpose.legend' })}
        value={purpose}
        onChange={(value) => onChange(value as BulkPurpose)}
      >
        <Stack gap="sm" mt="xs">
          {BULK_PURPOSES.map((item) => (
            <Radio
              key={item}
              value={item}
              label={intl.formatMessage({ id: PURPOSE_MESSAGES[item].label })}
              description={intl.formatMessage({ id: PURPOSE_MESSAGES[item].text })}
            />
          ))}
        </Stack>
      </Radio.Group>
      <section aria-labelledby={templatesTitle}>
        <Title order={3} size="h4" id={templatesTitle} mb={4}>
          {intl.formatMessage({ id: 'bulk.templates.title' })}
        </Title>
        <Text size="sm" mb="sm">
          {intl.formatMessage({ id: 'bulk.templates.text' })}
        </Text>
        <Group gap="sm">
          <Button
            component="a"
            variant="light"
            className="tessera-bulk-wrap-button"
            href={templateHref('sample', purpose, locale)}
            download
          >
            {intl.formatMessage({ id: 'bulk.templates.sample' })}
          </Button>
          <Button
            component="a"
            variant="default"
            className="tessera-bulk-wrap-button"
            href={templateHref('example', purpose, locale)}
            download
          >
            {intl.formatMessage({ id: 'bulk.templates.example' })}
          </Button>
        </Group>
      </section>
    </Stack>
  );
}
