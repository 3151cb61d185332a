import { Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import type { CheckCardholderResponse, DraftCard } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { AppModal } from '../../../ui/modal';

export type DuplicateMatch = CheckCardholderResponse['matches'][number];
type Candidate = DuplicateMatch['candidates'][number];
/** Per line: the existing cardholder's id, or `new` to keep the line as a new cardholder. */
export type DuplicateChoices = Record<string, string>;

export const KEEP_NEW = 'new';

type Props = {
  matches: DuplicateMatch[];
  lines: DraftCard[];
  onConfirm: (choices: DuplicateChoices) => void;
  onCancel: () => void;
};

/**
 * New cardholders who may already be the company's (same email, tax id, employee code or name):
 * per line, use the existing cardholder (a second card for the same person) or keep the line as a
 * new one. The existing cardholder is offered first.
 */
export function DuplicatesModal({ matches, lines, onConfirm, onCancel }: Props) {
  const intl = useIntl();
  const [choices, setChoices] = useState<DuplicateChoices>(() =>
    Object.fromEntries(
      matches.map((match) => [match.tempCardId, match.candidates[0]?.cardholderId ?? KEEP_NEW]),
    ),
  );
  const numberOf = (tempCardId: string) => lines.findIndex((line) => line.tempCardId === tempCardId) + 1;

  const describe = (candidate: Candidate) => {
    const details = [
      candidate.email,
      candidate.employeeCode &&
        intl.formatMessage({ id: 'cardIssue.duplicates.employeeCode' }, { code: candidate.employeeCode }),
      candidate.taxId && intl.formatMessage({ id: 'cardIssue.duplicates.taxId' }, { taxId: candidate.taxId }),
      intl.formatMessage({ id: 'cardIssue.duplicates.cards' }, { count: candidate.cards }),
    ].filter(Boolean);
    const reasons = candidate.reasons
      .map((reason) => intl.formatMessage({ id: `cardIssue.duplicates.reason.${reason}` }))
      .join(', ');
    return { details: details.join(' · '), reasons };
  };

  return (
    <AppModal
      opened
      onClose={onCancel}
      size="lg"
      title={intl.formatMessage({ id: 'cardIssue.duplicates.title' })}
      isDismissable={false}
    >
      <Text mb="md">
        {intl.formatMessage({ id: 'cardIssue.duplicates.text' }, { count: matches.length })}
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(choices);
        }}
      >
        <Stack gap="md">
          {matches.map((match) => {
            const line = lines.find((item) => item.tempCardId === match.tempCardId);
            const name = `${line?.cardholder?.firstName ?? ''} ${line?.cardholder?.lastName ?? ''}`.trim();
            return (
              <Paper key={match.tempCardId} withBorder p="md" radius="md">
                <Radio.Group
                  value={choices[match.tempCardId] ?? KEEP_NEW}
                  onChange={(value) => setChoices((current) => ({ ...current, [match.tempCardId]: value }))}
                  label={intl.formatMessage(
                    { id: 'cardIssue.duplicates.legend' },
                    { number: numberOf(match.tempCardId), name },
                  )}
                >
                  <Stack gap="sm" mt="xs">
                    {match.candidates.map((candidate) => {
                      const { details, reasons } = describe(candidate);
                      return (
                        <Radio
                          key={candidate.cardholderId}
                          value={candidate.cardholderId}
                          label={intl.formatMessage(
                            { id: 'cardIssue.duplicates.useExisting' },
                            { name: `${candidate.firstName} ${candidate.lastName}`.trim() },
                          )}
                          description={`${details} — ${intl.formatMessage(
                            { id: 'cardIssue.duplicates.because' },
                            { reasons },
                          )}`}
                        />
                      );
                    })}
                    <Radio
                      value={KEEP_NEW}
                      label={intl.formatMessage({ id: 'cardIssue.duplicates.keepNew' })}
                    />
                  </Stack>
                </Radio.Group>
              </Paper>
            );
          })}
        </Stack>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {intl.formatMessage({ id: 'cardIssue.duplicates.back' })}
          </Button>
          <Button type="submit">{intl.formatMessage({ id: 'cardIssue.duplicates.confirm' })}</Button>
        </Group>
      </form>
    </AppModal>
  );
}
