import {
  Anchor,
  Checkbox,
  Fieldset,
  Group,
  List,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CARD_CATEGORIES,
  PAYMENT_KINDS,
  PRODUCTS,
  RECURRING_AMOUNT_MODES,
  RECURRING_SUBMIT_MODES,
  stripLeadingWhitespace,
  type Card,
  type CardCategory,
  type RecurringAmountMode,
  type RecurringPreviewRun,
  type RecurringRuleView,
  type RecurringSchedule,
  type RecurringSubmitMode,
} from '@tessera/domain';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { formatMoney, formatNumber } from '../../../lib/format';
import { productName } from '../../../lib/labels';
import { useLocale } from '../../../lib/use-locale';
import { FormAlert } from '../../../ui/form-alert';
import { LanguageLink } from '../../../ui/language-link';
import { LoadingButton } from '../../../ui/loading-button';
import { PaymentMethodChooser } from '../../../ui/payment-method-chooser';
import type { RuleFormResult } from '../api/post-rule-form';
import { usePreviewRecurringRuleDraft } from '../api/preview-recurring-rule-draft';
import { useSaveRecurringRule } from '../api/save-recurring-rule';
import { useUpdateRecurringRule } from '../api/update-recurring-rule';
import {
  amountBounds,
  checkRule,
  hasProblems,
  noProblems,
  RULE_FIELDS,
  ruleCardOf,
  SCHEDULE_KINDS,
  serverProblemsOf,
  type Problem,
  type RuleField,
  type RuleForm,
  type RuleLineDraft,
  type RuleProblems,
  type ScheduleKind,
} from '../model';
import { AMOUNT_MODE_MESSAGE, cardLabelOf, SCHEDULE_KIND_MESSAGE, SUBMIT_MODE_MESSAGE } from './labels';
import { EurosInput } from './euros-input';
import { PreviewRuns } from './preview-runs';
import { RuleCardPicker } from './rule-card-picker';
import { RuleLines } from './rule-lines';

/** Each field's name, as the list of problems names it. */
const FIELD_LABEL: Record<RuleField, MessageId> = {
  name: 'recurring.field.name',
  product: 'recurring.field.product',
  amountMode: 'recurring.field.amountMode',
  amount: 'recurring.field.amount',
  lines: 'recurring.field.lines',
  scheduleKind: 'recurring.field.scheduleKind',
  dayOfMonth: 'recurring.field.dayOfMonth',
  workingDaysOnly: 'recurring.field.workingDaysOnly',
  startDay: 'recurring.field.startDay',
  endDay: 'recurring.field.endDay',
  submitMode: 'recurring.field.submitMode',
  paymentMethod: 'recurring.field.paymentMethod',
};

const DAYS_OF_MONTH = Array.from({ length: 31 }, (_, index) => String(index + 1));
const ALL_METHODS = PAYMENT_KINDS.map((method) => ({ method, available: true }));

type Props = {
  initial: RuleForm;
  /** The saved rule being changed, or null for a new one. */
  ruleId: string | null;
  onSaved: (rule: RecurringRuleView) => void;
  /** Where "Cancel" leads (the list, or the rule's page). */
  cancelHref: string;
};

/**
 * The recurring rule editor (issue 19 §2): name and product; how much each card gets (its own
 * amount, one for all, or an amount per working day of the month); the cards; when it runs; what a
 * run creates and how it is paid. The browser checks the rule with the domain's schema before
 * saving or previewing; the server's 400 shows at the fields it names (a card line at its row).
 * A new rule is saved with `saveRecurringRule`, a saved one replaced with `updateRecurringRule`.
 */
export function RuleEditor({ initial, ruleId, onSaved, cancelHref }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const id = useId();
  const save = useSaveRecurringRule();
  const update = useUpdateRecurringRule();
  const preview = usePreviewRecurringRuleDraft();
  const [form, setForm] = useState<RuleForm>(initial);
  /** After the first attempt to save or preview, the problems follow every change. */
  const [isChecked, setIsChecked] = useState(false);
  const [client, setClient] = useState<RuleProblems<string>>(noProblems);
  const [server, setServer] = useState<RuleProblems<string>>(noProblems);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState('');
  const [previewed, setPreviewed] = useState<{
    runs: RecurringPreviewRun[];
    amountMode: RecurringAmountMode;
    schedule: RecurringSchedule;
    startDay: string;
  } | null>(null);

  const cardLabel = (line: RuleLineDraft) => cardLabelOf(intl, line);
  const translate = (problems: RuleProblems<Problem>): RuleProblems<string> => ({
    fields: Object.fromEntries(
      Object.entries(problems.fields).map(([field, problem]) => [
        field,
        intl.formatMessage({ id: problem.id }, problem.values),
      ]),
    ),
    lines: Object.fromEntries(
      Object.entries(problems.lines).map(([cardId, problem]) => [
        cardId,
        intl.formatMessage({ id: problem.id }, problem.values),
      ]),
    ),
  });
  const recheck = (next: RuleForm) => {
    const checked = checkRule(next, cardLabel);
    setClient(checked.ok ? noProblems() : translate(checked.problems));
    return checked;
  };

  /** A change of the form: the server's problem with what changed goes, the checks run again. */
  const change = (patch: Partial<RuleForm>, touched: { field?: RuleField; cardId?: string } = {}) => {
    const next = { ...form, ...patch };
    setForm(next);
    setPreviewed(null);
    if (isChecked) recheck(next);
    if (touched.field !== undefined || touched.cardId !== undefined) {
      setServer((current) => {
        const fields = { ...current.fields };
        const lines = { ...current.lines };
        if (touched.field) delete fields[touched.field];
        if (touched.cardId) delete lines[touched.cardId];
        return { fields, lines };
      });
    }
  };

  const fieldError = (field: RuleField) => server.fields[field] ?? client.fields[field];
  const lineErrors = { ...client.lines, ...server.lines };

  const showServerProblems = (result: Extract<RuleFormResult<unknown>, { ok: false }>, cardIds: string[]) => {
    const problems = serverProblemsOf(result.fieldErrors, cardIds);
    const byCard = new Map(form.lines.map((line) => [line.cardId, line]));
    setServer({
      fields: problems.fields,
      // A server message says what is wrong; the row it belongs to is named with it.
      lines: Object.fromEntries(
        Object.entries(problems.lines).map(([cardId, message]) => [
          cardId,
          intl.formatMessage(
            { id: 'recurring.issue.lineServer' },
            { card: cardLabelOf(intl, byCard.get(cardId) ?? { card: null }), message },
          ),
        ]),
      ),
    });
    const unplaced = problems.other.join(' ');
    if (unplaced || !hasProblems(problems)) {
      setFailure(unplaced || result.message || intl.formatMessage({ id: 'recurring.editor.failed' }));
    }
    setAttempt((count) => count + 1);
  };

  const run = async (action: 'save' | 'preview') => {
    setFailure(null);
    setIsChecked(true);
    const checked = recheck(form);
    if (!checked.ok) {
      setServer(noProblems());
      setPreviewed(null);
      setAttempt((count) => count + 1);
      return;
    }
    const cardIds = checked.rule.lines.map((line) => line.cardId);
    if (action === 'preview') {
      const result = await preview.mutateAsync(checked.rule);
      if (result.ok) {
        setServer(noProblems());
        setPreviewed({
          runs: result.data.runs,
          amountMode: checked.rule.amountMode,
          schedule: checked.rule.schedule,
          startDay: checked.rule.startDay,
        });
      } else {
        showServerProblems(result, cardIds);
      }
      return;
    }
    const result = ruleId
      ? await update.mutateAsync({ ruleId, rule: checked.rule })
      : await save.mutateAsync(checked.rule);
    if (result.ok) onSaved(result.data.rule);
    else showServerProblems(result, cardIds);
  };

  const selectedIds = new Set(form.lines.map((line) => line.cardId));
  const addCards = (cards: Card[]) => {
    const added = cards
      .filter((card) => !selectedIds.has(card.cardId))
      .map((card): RuleLineDraft => ({ cardId: card.cardId, amount: '', card: ruleCardOf(card) }));
    if (added.length === 0) return;
    change({ lines: [...form.lines, ...added] }, { field: 'lines' });
    setStatus(intl.formatMessage({ id: 'recurring.lines.added' }, { count: added.length }));
  };
  const removeCard = (cardId: string) => {
    const line = form.lines.find((item) => item.cardId === cardId);
    change({ lines: form.lines.filter((item) => item.cardId !== cardId) }, { field: 'lines', cardId });
    if (line) setStatus(intl.formatMessage({ id: 'recurring.lines.removed' }, { card: cardLabel(line) }));
  };
  const setLineAmount = (cardId: string, amount: string) =>
    change(
      { lines: form.lines.map((line) => (line.cardId === cardId ? { ...line, amount } : line)) },
      { cardId },
    );
  const changeProduct = (product: CardCategory) => {
    change({ product, lines: [] }, { field: 'product' });
    if (form.lines.length > 0) {
      setStatus(
        intl.formatMessage({ id: 'recurring.lines.cleared' }, { product: productName(product, locale) }),
      );
    }
  };

  const problemList = [
    ...RULE_FIELDS.flatMap((field) => {
      const message = fieldError(field);
      return message ? [`${intl.formatMessage({ id: FIELD_LABEL[field] })}: ${message}`] : [];
    }),
    ...form.lines.flatMap((line) => (lineErrors[line.cardId] ? [lineErrors[line.cardId]!] : [])),
  ];
  const bounds = amountBounds(form.product, form.amountMode);
  const isPerCard = form.amountMode === 'perCard';
  const isBusy = save.isPending || update.isPending;
  const fieldId = (field: RuleField) => `${id}-${field}`;
  const label = (field: RuleField) => intl.formatMessage({ id: FIELD_LABEL[field] });

  return (
    <form
      noValidate
      aria-label={intl.formatMessage({
        id: ruleId ? 'recurring.editor.editLabel' : 'recurring.editor.newLabel',
      })}
      onSubmit={(event) => {
        event.preventDefault();
        void run('save');
      }}
    >
      {failure ? (
        <FormAlert kind="error" key={`failure-${attempt}`}>
          {failure}
        </FormAlert>
      ) : null}
      {attempt > 0 && problemList.length > 0 ? (
        <FormAlert
          kind="error"
          key={`problems-${attempt}`}
          title={intl.formatMessage({ id: 'recurring.editor.problems' })}
        >
          <List size="sm" spacing={2}>
            {problemList.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </FormAlert>
      ) : null}
      <Stack gap="xl">
        <Fieldset legend={intl.formatMessage({ id: 'recurring.editor.basics' })} radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              id={fieldId('name')}
              label={label('name')}
              description={intl.formatMessage({ id: 'recurring.field.nameHint' })}
              withAsterisk
              aria-required
              maxLength={80}
              value={form.name}
              error={fieldError('name')}
              onChange={(event) =>
                change({ name: stripLeadingWhitespace(event.currentTarget.value) }, { field: 'name' })
              }
            />
            <NativeSelect
              id={fieldId('product')}
              label={label('product')}
              value={form.product}
              error={fieldError('product')}
              data={CARD_CATEGORIES.map((product) => ({
                value: product,
                label: productName(product, locale),
              }))}
              onChange={(event) => changeProduct(event.currentTarget.value as CardCategory)}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={intl.formatMessage({ id: 'recurring.editor.amountSection' })} radius="md">
          <Stack gap="md">
            <Radio.Group
              id={fieldId('amountMode')}
              label={label('amountMode')}
              value={form.amountMode}
              error={fieldError('amountMode')}
              onChange={(value) =>
                change({ amountMode: value as RecurringAmountMode }, { field: 'amountMode' })
              }
            >
              <Stack gap="sm" mt="xs">
                {RECURRING_AMOUNT_MODES.map((mode) => (
                  <Radio
                    key={mode}
                    value={mode}
                    label={intl.formatMessage({ id: AMOUNT_MODE_MESSAGE[mode].label })}
                    description={intl.formatMessage({ id: AMOUNT_MODE_MESSAGE[mode].text })}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {isPerCard ? null : (
              <EurosInput
                id={fieldId('amount')}
                label={intl.formatMessage({
                  id:
                    form.amountMode === 'perWorkingDay'
                      ? 'recurring.field.amountPerDay'
                      : 'recurring.field.amountPerCard',
                })}
                description={intl.formatMessage(
                  {
                    id:
                      form.amountMode === 'perWorkingDay'
                        ? 'recurring.field.amountPerDayHint'
                        : 'recurring.field.amountHint',
                  },
                  // Per working day, what bounds a card is its month's load: the product's limit.
                  { min: formatMoney(bounds.min), max: formatMoney(PRODUCTS[form.product].maxLoadCents) },
                )}
                withAsterisk
                aria-required
                w={{ base: '100%', sm: 260 }}
                value={form.amount}
                error={fieldError('amount')}
                onChange={(amount) => change({ amount }, { field: 'amount' })}
              />
            )}
          </Stack>
        </Fieldset>

        <Fieldset legend={label('lines')} radius="md" id={fieldId('lines')}>
          <Stack gap="md">
            <Text size="sm">
              {intl.formatMessage(
                { id: isPerCard ? 'recurring.lines.introPerCard' : 'recurring.lines.intro' },
                { product: productName(form.product, locale) },
              )}
            </Text>
            <Text role="status" size="sm" c="dimmed">
              {status}
            </Text>
            {form.lines.length > 0 ? (
              <>
                <Text fw={600}>
                  {intl.formatMessage(
                    { id: 'recurring.lines.count' },
                    { count: form.lines.length, formatted: formatNumber(form.lines.length, locale) },
                  )}
                </Text>
                <RuleLines
                  lines={form.lines}
                  label={intl.formatMessage({ id: 'recurring.lines.label' })}
                  isPerCard={isPerCard}
                  errors={lineErrors}
                  onAmountChange={setLineAmount}
                  onRemove={removeCard}
                />
              </>
            ) : null}
            {fieldError('lines') ? (
              <Text size="sm" c="red.8" role="alert">
                {fieldError('lines')}
              </Text>
            ) : null}
            <Title order={3} size="h5">
              {intl.formatMessage({ id: 'recurring.picker.title' })}
            </Title>
            <RuleCardPicker
              product={form.product}
              selectedIds={selectedIds}
              onAdd={addCards}
              onRemove={removeCard}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend={intl.formatMessage({ id: 'recurring.editor.scheduleSection' })} radius="md">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NativeSelect
                id={fieldId('scheduleKind')}
                label={label('scheduleKind')}
                value={form.scheduleKind}
                error={fieldError('scheduleKind')}
                data={SCHEDULE_KINDS.map((kind) => ({
                  value: kind,
                  label: intl.formatMessage({ id: SCHEDULE_KIND_MESSAGE[kind] }),
                }))}
                onChange={(event) =>
                  change(
                    { scheduleKind: event.currentTarget.value as ScheduleKind },
                    { field: 'scheduleKind' },
                  )
                }
              />
              {form.scheduleKind === 'monthly' ? (
                <NativeSelect
                  id={fieldId('dayOfMonth')}
                  label={label('dayOfMonth')}
                  description={
                    form.dayOfMonth > 28
                      ? intl.formatMessage({ id: 'recurring.field.dayOfMonthShort' })
                      : undefined
                  }
                  value={String(form.dayOfMonth)}
                  error={fieldError('dayOfMonth')}
                  data={DAYS_OF_MONTH}
                  onChange={(event) =>
                    change({ dayOfMonth: Number(event.currentTarget.value) }, { field: 'dayOfMonth' })
                  }
                />
              ) : null}
            </SimpleGrid>
            {form.scheduleKind === 'lastWorkingDay' ? (
              <Text size="sm">{intl.formatMessage({ id: 'recurring.field.lastWorkingDayHint' })}</Text>
            ) : (
              <Checkbox
                id={fieldId('workingDaysOnly')}
                label={intl.formatMessage({
                  id:
                    form.scheduleKind === 'monthly'
                      ? 'recurring.field.workingDayOnly'
                      : 'recurring.field.workingDaysOnly',
                })}
                description={intl.formatMessage({
                  id:
                    form.scheduleKind === 'monthly'
                      ? 'recurring.field.workingDayOnlyHint'
                      : 'recurring.field.workingDaysOnlyHint',
                })}
                checked={form.workingDaysOnly}
                error={fieldError('workingDaysOnly')}
                onChange={(event) =>
                  change({ workingDaysOnly: event.currentTarget.checked }, { field: 'workingDaysOnly' })
                }
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                id={fieldId('startDay')}
                type="date"
                label={label('startDay')}
                withAsterisk
                aria-required
                value={form.startDay}
                error={fieldError('startDay')}
                onChange={(event) => change({ startDay: event.currentTarget.value }, { field: 'startDay' })}
              />
              <TextInput
                id={fieldId('endDay')}
                type="date"
                label={label('endDay')}
                description={intl.formatMessage({ id: 'recurring.field.endDayHint' })}
                value={form.endDay}
                error={fieldError('endDay')}
                onChange={(event) => change({ endDay: event.currentTarget.value }, { field: 'endDay' })}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={intl.formatMessage({ id: 'recurring.editor.runSection' })} radius="md">
          <Stack gap="lg">
            <Radio.Group
              id={fieldId('submitMode')}
              label={label('submitMode')}
              value={form.submitMode}
              error={fieldError('submitMode')}
              onChange={(value) =>
                change({ submitMode: value as RecurringSubmitMode }, { field: 'submitMode' })
              }
            >
              <Stack gap="sm" mt="xs">
                {RECURRING_SUBMIT_MODES.map((mode) => (
                  <Radio
                    key={mode}
                    value={mode}
                    label={intl.formatMessage({ id: SUBMIT_MODE_MESSAGE[mode].label })}
                    description={intl.formatMessage({ id: SUBMIT_MODE_MESSAGE[mode].text })}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <PaymentMethodChooser
              methods={ALL_METHODS}
              value={form.paymentMethod}
              name={`${id}-paymentMethod`}
              onChange={(paymentMethod) => change({ paymentMethod }, { field: 'paymentMethod' })}
            />
            {fieldError('paymentMethod') ? (
              <Text size="sm" c="red.8" role="alert">
                {fieldError('paymentMethod')}
              </Text>
            ) : null}
          </Stack>
        </Fieldset>

        <section aria-labelledby={`${id}-preview`} className="tessera-recurring-section">
          <Title order={2} size="h3" id={`${id}-preview`} mb="xs">
            {intl.formatMessage({ id: 'recurring.preview.title' })}
          </Title>
          <Text size="sm" mb="sm">
            {intl.formatMessage({ id: 'recurring.preview.draftIntro' })}
          </Text>
          <LoadingButton
            variant="light"
            className="tessera-recurring-wrap"
            isLoading={preview.isPending}
            onClick={() => void run('preview')}
          >
            {intl.formatMessage({ id: 'recurring.preview.button' })}
          </LoadingButton>
          <div aria-live="polite">
            {previewed ? (
              <div className="tessera-recurring-preview-result">
                <PreviewRuns
                  runs={previewed.runs}
                  amountMode={previewed.amountMode}
                  schedule={previewed.schedule}
                  startDay={previewed.startDay}
                  label={intl.formatMessage({ id: 'recurring.preview.listLabel' })}
                />
              </div>
            ) : null}
          </div>
        </section>
      </Stack>
      <Group mt="xl" gap="md">
        <LoadingButton type="submit" isLoading={isBusy}>
          {intl.formatMessage({ id: ruleId ? 'recurring.editor.saveChanges' : 'recurring.editor.save' })}
        </LoadingButton>
        <Anchor component={LanguageLink} to={cancelHref}>
          {intl.formatMessage({ id: 'recurring.editor.cancel' })}
        </Anchor>
      </Group>
    </form>
  );
}
