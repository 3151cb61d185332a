import { Badge, Button, Fieldset, Group, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { stripLeadingWhitespace, type DraftCard, type NewCardholderInput } from '@tessera/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { CARDHOLDER_FIELDS, type CardholderField, type LineField, type Problem } from '../model';
import { AmountInput } from './amount-input';
import { LinesPagination, usePaged } from './paged';

type Props = {
  lines: DraftCard[];
  bulkAmount: number | null;
  problems: Map<string, Partial<Record<LineField, Problem>>> | null;
  onChange: (tempCardId: string, patch: Partial<NewCardholderInput>) => void;
  onAmount: (tempCardId: string, cents: number) => void;
  onRemove: (tempCardId: string) => void;
  onUnlink: (tempCardId: string) => void;
  onAdd: () => string;
};

const FIELD_PROPS: Record<
  CardholderField,
  { autoComplete: string; type?: string; maxLength: number; isRequired?: boolean }
> = {
  firstName: { autoComplete: 'off', maxLength: 100, isRequired: true },
  lastName: { autoComplete: 'off', maxLength: 100, isRequired: true },
  email: { autoComplete: 'off', type: 'email', maxLength: 254 },
  phone: { autoComplete: 'off', type: 'tel', maxLength: 30 },
  employeeCode: { autoComplete: 'off', maxLength: 40 },
  taxId: { autoComplete: 'off', maxLength: 20 },
};

/**
 * The new cardholders of a new-cards draft, one fieldset each: first and last name required; email,
 * phone, employee code and tax id optional (checked with `NewCardholderSchema`); the amount of each
 * card unless one amount goes to all. A line linked to an existing cardholder shows whom.
 */
export function NewCardholders({
  lines,
  bulkAmount,
  problems,
  onChange,
  onAmount,
  onRemove,
  onUnlink,
  onAdd,
}: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const headingId = useId();
  const paged = usePaged(lines);
  const [focusLine, setFocusLine] = useState<string | null>(null);
  const firstInputs = useRef(new Map<string, HTMLInputElement>());

  useEffect(() => {
    if (focusLine === null) return;
    const input = firstInputs.current.get(focusLine);
    if (input) {
      input.focus();
      setFocusLine(null);
    }
  }, [focusLine, paged.page, lines.length]);

  const message = (problem: Problem | undefined) =>
    problem ? intl.formatMessage({ id: problem.id }, problem.values) : undefined;

  return (
    <section aria-labelledby={headingId} className="tessera-issue-lines">
      <Title order={4} size="h5" id={headingId} mb="xs">
        {intl.formatMessage(
          { id: 'cardIssue.lines.cardholdersTitle' },
          { count: lines.length, formatted: formatNumber(lines.length, locale) },
        )}
      </Title>
      {lines.length === 0 ? (
        <Text c="dimmed" mb="sm">
          {intl.formatMessage({ id: 'cardIssue.lines.noneCardholders' })}
        </Text>
      ) : null}
      {paged.pageItems.map((line, index) => {
        const number = paged.offset + index + 1;
        const holder = line.cardholder ?? { firstName: '', lastName: '' };
        const lineProblems = problems?.get(line.tempCardId) ?? {};
        const name = `${holder.firstName} ${holder.lastName}`.trim();
        const legend = intl.formatMessage(
          { id: 'cardIssue.lines.cardholderLegend' },
          { number, name: name || intl.formatMessage({ id: 'cardIssue.lines.unnamed' }) },
        );
        const isLinked = line.cardholderId !== null;
        return (
          <Fieldset key={line.tempCardId} legend={legend} mb="md" className="tessera-issue-cardholder">
            {isLinked ? (
              <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
                <Group gap="xs">
                  <Badge variant="light">{intl.formatMessage({ id: 'cardIssue.lines.linked' })}</Badge>
                  <Text size="sm">
                    {[name, line.cardholder?.email, line.cardholder?.employeeCode]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Group>
                <Button variant="subtle" size="compact-sm" onClick={() => onUnlink(line.tempCardId)}>
                  {intl.formatMessage({ id: 'cardIssue.lines.unlink' })}
                </Button>
              </Group>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" mb="sm">
                {CARDHOLDER_FIELDS.map((field, fieldIndex) => {
                  const props = FIELD_PROPS[field];
                  return (
                    <TextInput
                      key={field}
                      ref={
                        fieldIndex === 0
                          ? (element: HTMLInputElement | null) => {
                              if (element) firstInputs.current.set(line.tempCardId, element);
                              else firstInputs.current.delete(line.tempCardId);
                            }
                          : undefined
                      }
                      label={intl.formatMessage({ id: `cardIssue.cardholder.${field}` })}
                      withAsterisk={props.isRequired}
                      aria-required={props.isRequired}
                      type={props.type}
                      autoComplete={props.autoComplete}
                      maxLength={props.maxLength}
                      value={(line.cardholder?.[field] as string | undefined) ?? ''}
                      error={message(lineProblems[field])}
                      onChange={(event) =>
                        onChange(line.tempCardId, {
                          [field]: stripLeadingWhitespace(event.currentTarget.value),
                        })
                      }
                    />
                  );
                })}
              </SimpleGrid>
            )}
            <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
              {bulkAmount === null ? (
                <AmountInput
                  label={intl.formatMessage({ id: 'cardIssue.lines.amount' })}
                  description={intl.formatMessage({ id: 'cardIssue.lines.amountZeroHint' })}
                  cents={line.amountCents}
                  problem={lineProblems.amountCents ?? null}
                  onChange={(cents) => onAmount(line.tempCardId, cents)}
                />
              ) : (
                <Text size="sm">
                  {intl.formatMessage(
                    { id: 'cardIssue.lines.bulkApplied' },
                    { amount: formatMoney(bulkAmount) },
                  )}
                </Text>
              )}
              <Button
                variant="subtle"
                color="red"
                aria-label={intl.formatMessage({ id: 'cardIssue.lines.removeCardholder' }, { number })}
                onClick={() => onRemove(line.tempCardId)}
              >
                {intl.formatMessage({ id: 'cardIssue.lines.remove' })}
              </Button>
            </Group>
          </Fieldset>
        );
      })}
      <LinesPagination
        label={intl.formatMessage({ id: 'cardIssue.lines.pagination' })}
        page={paged.page}
        pages={paged.pages}
        onChange={paged.setPage}
      />
      <Button
        variant="light"
        mt="xs"
        onClick={() => {
          const tempCardId = onAdd();
          paged.showLast();
          setFocusLine(tempCardId);
        }}
      >
        {intl.formatMessage({ id: 'cardIssue.lines.addCardholder' })}
      </Button>
    </section>
  );
}
