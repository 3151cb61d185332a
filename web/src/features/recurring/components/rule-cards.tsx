import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Card, RecurringRuleView } from '@tessera/domain';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { FormAlert } from '../../../ui/form-alert';
import { LoadingButton } from '../../../ui/loading-button';
import { useAddRecurringRuleCards } from '../api/add-recurring-rule-cards';
import { useDeleteRecurringRuleCards } from '../api/delete-recurring-rule-cards';
import type { RuleFormResult } from '../api/post-rule-form';
import { useUpdateRecurringRuleCards } from '../api/update-recurring-rule-cards';
import { eurosText, lineAmountOf, ruleCardOf, serverProblemsOf, type RuleLineDraft } from '../model';
import { cardLabelOf } from './labels';
import { RuleCardPicker } from './rule-card-picker';
import { RuleLines } from './rule-lines';

type LineRequest = { cardId: string; amountCents: number | null };

const savedAmount = (amountCents: number | null) => (amountCents === null ? '' : eurosText(amountCents));

/**
 * A saved rule's cards. Everyone reads them with their state now; those who manage rules change
 * them one operation at a time, without opening the editor: new amounts of cards
 * (`updateRecurringRuleCards`), a card taken out (`deleteRecurringRuleCards`, never the last one)
 * and cards added from the picker (`addRecurringRuleCards`, with their amounts when the rule has
 * one per card). A problem the server names shows at its card.
 */
export function RuleCards({ rule, canEdit }: { rule: RecurringRuleView; canEdit: boolean }) {
  const intl = useIntl();
  const locale = useLocale();
  const addTitleId = useId();
  const add = useAddRecurringRuleCards();
  const updateCards = useUpdateRecurringRuleCards();
  const removeCards = useDeleteRecurringRuleCards();
  const isPerCard = rule.amountMode === 'perCard';
  /** Amounts typed over the saved ones, by card. */
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  /** Cards picked to be added, with their amounts as typed. */
  const [picked, setPicked] = useState<RuleLineDraft[]>([]);
  const [removingId, setRemovingId] = useState<string | null>(null);

  const cardLabel = (line: Pick<RuleLineDraft, 'card'>) => cardLabelOf(intl, line);
  const lines: RuleLineDraft[] = rule.lines.map((line) => ({
    cardId: line.cardId,
    amount: typed[line.cardId] ?? savedAmount(line.amountCents),
    card: line.card,
  }));
  const changed = lines.filter((line) => {
    const saved = rule.lines.find((item) => item.cardId === line.cardId);
    return typed[line.cardId] !== undefined && typed[line.cardId] !== savedAmount(saved?.amountCents ?? null);
  });
  const inRule = new Set(rule.lines.map((line) => line.cardId));
  const selectedIds = new Set([...inRule, ...picked.map((line) => line.cardId)]);
  const canRemove = canEdit && rule.lines.length > 1;

  /** The amounts of `drafts` as a request's lines, or null after showing their problems. */
  const requestLines = (drafts: readonly RuleLineDraft[]): LineRequest[] | null => {
    const problems: Record<string, string> = {};
    const result = drafts.map((line) => {
      if (!isPerCard) return { cardId: line.cardId, amountCents: null };
      const amount = lineAmountOf(line, rule.product, cardLabel);
      if ('problem' in amount) {
        problems[line.cardId] = intl.formatMessage({ id: amount.problem.id }, amount.problem.values);
        return { cardId: line.cardId, amountCents: null };
      }
      return { cardId: line.cardId, amountCents: amount.cents };
    });
    setErrors(problems);
    return Object.keys(problems).length > 0 ? null : result;
  };
  const showServerProblems = (
    result: Extract<RuleFormResult<unknown>, { ok: false }>,
    drafts: readonly RuleLineDraft[],
  ) => {
    const problems = serverProblemsOf(
      result.fieldErrors,
      drafts.map((line) => line.cardId),
    );
    setErrors(
      Object.fromEntries(
        Object.entries(problems.lines).map(([cardId, message]) => [
          cardId,
          intl.formatMessage(
            { id: 'recurring.issue.lineServer' },
            { card: cardLabel(drafts.find((line) => line.cardId === cardId) ?? { card: null }), message },
          ),
        ]),
      ),
    );
    const other = [...Object.values(problems.fields), ...problems.other].join(' ');
    if (other || Object.keys(problems.lines).length === 0) {
      setFailure(other || result.message || intl.formatMessage({ id: 'recurring.editor.failed' }));
    }
  };

  const saveAmounts = async () => {
    setFailure(null);
    setStatus('');
    const request = requestLines(changed);
    if (request === null || request.length === 0) return;
    const result = await updateCards.mutateAsync({ ruleId: rule.ruleId, lines: request });
    if (result.ok) {
      setTyped({});
      setStatus(intl.formatMessage({ id: 'recurring.cards.amountsSaved' }, { count: request.length }));
    } else {
      showServerProblems(result, changed);
    }
  };

  const remove = async (cardId: string) => {
    if (!inRule.has(cardId)) {
      setPicked((current) => current.filter((line) => line.cardId !== cardId));
      return;
    }
    if (!canRemove) return;
    setFailure(null);
    const line = lines.find((item) => item.cardId === cardId);
    setRemovingId(cardId);
    const updated = await removeCards.mutateAsync({ ruleId: rule.ruleId, cardIds: [cardId] });
    setRemovingId(null);
    if (updated && line) {
      setStatus(intl.formatMessage({ id: 'recurring.cards.removed' }, { card: cardLabel(line) }));
    }
  };

  const pick = (cards: Card[]) =>
    setPicked((current) => [
      ...current,
      ...cards
        .filter((card) => !selectedIds.has(card.cardId))
        .map((card) => ({ cardId: card.cardId, amount: '', card: ruleCardOf(card) })),
    ]);

  const addPicked = async () => {
    setFailure(null);
    setStatus('');
    const request = requestLines(picked);
    if (request === null || request.length === 0) return;
    const result = await add.mutateAsync({ ruleId: rule.ruleId, lines: request });
    if (result.ok) {
      setStatus(intl.formatMessage({ id: 'recurring.cards.added' }, { count: request.length }));
      setPicked([]);
      setIsAdding(false);
    } else {
      showServerProblems(result, picked);
    }
  };

  return (
    <Stack gap="md">
      <Text role="status" c="teal.9" fw={600}>
        {status}
      </Text>
      {failure ? (
        <FormAlert kind="error" key={failure}>
          {failure}
        </FormAlert>
      ) : null}
      <Text fw={600}>
        {intl.formatMessage(
          { id: 'recurring.lines.count' },
          { count: rule.lines.length, formatted: formatNumber(rule.lines.length, locale) },
        )}
      </Text>
      <RuleLines
        lines={lines}
        label={intl.formatMessage({ id: 'recurring.lines.label' })}
        isPerCard={isPerCard}
        errors={errors}
        onAmountChange={
          canEdit && isPerCard
            ? (cardId, text) => setTyped((current) => ({ ...current, [cardId]: text }))
            : undefined
        }
        onRemove={canRemove ? (cardId) => void remove(cardId) : undefined}
        removingId={removingId}
      />
      {canEdit && rule.lines.length === 1 ? (
        <Text size="sm" c="dimmed">
          {intl.formatMessage({ id: 'recurring.cards.lastCard' })}
        </Text>
      ) : null}
      {canEdit ? (
        <Group gap="md">
          {isPerCard ? (
            <LoadingButton
              variant="light"
              disabled={changed.length === 0}
              isLoading={updateCards.isPending}
              onClick={() => void saveAmounts()}
            >
              {intl.formatMessage({ id: 'recurring.cards.saveAmounts' })}
            </LoadingButton>
          ) : null}
          <Button
            variant="default"
            aria-expanded={isAdding}
            onClick={() => {
              setIsAdding((open) => !open);
              setPicked([]);
            }}
          >
            {intl.formatMessage({ id: isAdding ? 'recurring.cards.closeAdd' : 'recurring.cards.add' })}
          </Button>
        </Group>
      ) : null}
      {canEdit && isAdding ? (
        <Paper
          withBorder
          radius="md"
          p={{ base: 'sm', sm: 'md' }}
          component="section"
          aria-labelledby={addTitleId}
        >
          <Title order={3} size="h4" id={addTitleId} mb="sm">
            {intl.formatMessage({ id: 'recurring.cards.addTitle' })}
          </Title>
          <Stack gap="md">
            {picked.length > 0 ? (
              <>
                <RuleLines
                  lines={picked}
                  label={intl.formatMessage({ id: 'recurring.cards.pickedLabel' })}
                  isPerCard={isPerCard}
                  errors={errors}
                  onAmountChange={
                    isPerCard
                      ? (cardId, amount) =>
                          setPicked((current) =>
                            current.map((line) => (line.cardId === cardId ? { ...line, amount } : line)),
                          )
                      : undefined
                  }
                  onRemove={(cardId) => void remove(cardId)}
                />
                <LoadingButton isLoading={add.isPending} onClick={() => void addPicked()}>
                  {intl.formatMessage({ id: 'recurring.cards.addPicked' }, { count: picked.length })}
                </LoadingButton>
              </>
            ) : null}
            <RuleCardPicker
              product={rule.product}
              selectedIds={selectedIds}
              onAdd={pick}
              onRemove={(cardId) => void remove(cardId)}
            />
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
