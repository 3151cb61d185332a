import { Group, Paper, Text, TextInput, Title } from '@mantine/core';
import {
  RECURRING_REMINDER_MAX_DAYS,
  RecurringSettingsSchema,
  type RecurringSettings,
} from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { FormAlert } from '../../../ui/form-alert';
import { LoadingButton } from '../../../ui/loading-button';
import { useSaveRecurringSettings } from '../api/save-recurring-settings';

/**
 * The company's reminder: how many days before each run its order managers get an email (0: none,
 * at most 14). Those who manage rules change it; everyone else reads it.
 */
export function ReminderSettings({ settings, canEdit }: { settings: RecurringSettings; canEdit: boolean }) {
  const intl = useIntl();
  const save = useSaveRecurringSettings();
  const [typed, setTyped] = useState(String(settings.reminderDays));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async () => {
    setSaved(null);
    setFailure(null);
    const parsed = RecurringSettingsSchema.safeParse({
      reminderDays: /^\d+$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN,
    });
    if (!parsed.success) {
      setError(intl.formatMessage({ id: 'recurring.reminder.range' }, { max: RECURRING_REMINDER_MAX_DAYS }));
      return;
    }
    setError(null);
    const result = await save.mutateAsync(parsed.data);
    if (result.ok) {
      setTyped(String(result.data.settings.reminderDays));
      setSaved(
        intl.formatMessage({ id: 'recurring.reminder.saved' }, { days: result.data.settings.reminderDays }),
      );
    } else if (result.fieldErrors.reminderDays) {
      setError(result.fieldErrors.reminderDays);
    } else {
      setFailure(result.message ?? intl.formatMessage({ id: 'recurring.editor.failed' }));
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      mt="xl"
      component="section"
      aria-labelledby="recurring-reminder-title"
    >
      <Title order={2} size="h3" id="recurring-reminder-title" mb="xs">
        {intl.formatMessage({ id: 'recurring.reminder.title' })}
      </Title>
      {canEdit ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit();
          }}
        >
          {saved ? (
            <FormAlert kind="success" key={saved}>
              {saved}
            </FormAlert>
          ) : null}
          {failure ? (
            <FormAlert kind="error" key={failure}>
              {failure}
            </FormAlert>
          ) : null}
          <Group align="flex-end" gap="md" wrap="wrap">
            <TextInput
              type="number"
              min={0}
              max={RECURRING_REMINDER_MAX_DAYS}
              step={1}
              label={intl.formatMessage({ id: 'recurring.reminder.label' })}
              description={intl.formatMessage({ id: 'recurring.reminder.hint' })}
              value={typed}
              error={error}
              w={{ base: '100%', sm: 420 }}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            <LoadingButton type="submit" variant="light" isLoading={save.isPending}>
              {intl.formatMessage({ id: 'recurring.reminder.save' })}
            </LoadingButton>
          </Group>
        </form>
      ) : (
        <Text>
          {settings.reminderDays === 0
            ? intl.formatMessage({ id: 'recurring.reminder.none' })
            : intl.formatMessage({ id: 'recurring.reminder.readOnly' }, { days: settings.reminderDays })}
        </Text>
      )}
    </Paper>
  );
}
