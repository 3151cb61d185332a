import {
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { SecondFactorEnrolmentResponse } from '@tessera/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { formatDateTime } from '../../../lib/format';
import { identityKeys } from '../../../lib/query-keys';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { LoadingButton } from '../../../ui/loading-button';
import { LoadingSpinner } from '../../../ui/loading-spinner';
import {
  confirmEnrolment,
  disableSecondFactor,
  regenerateRecoveryCodes,
  revokeAllDevices,
  revokeDevice,
  startEnrolment,
  useSecondFactorStatus,
  type CodeStepResult,
} from '../api/second-factor-account';
import { AccountHeader } from '../components/account-header';
import { FormAlert } from '../components/form-alert';
import { RecoveryCodes } from '../components/recovery-codes';
import { TotpEnrolment } from '../components/totp-enrolment';

/** A form with one field, the current code of the authenticator app, and one button. */
function CodeForm({
  submitLabel,
  onSubmit,
  color,
}: {
  submitLabel: string;
  onSubmit: (code: string) => Promise<CodeStepResult<unknown>>;
  color?: string;
}) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(intl.formatMessage({ id: 'identity.field.required' }));
      return;
    }
    setIsBusy(true);
    const result = await onSubmit(code.trim());
    setIsBusy(false);
    if (!result.ok) {
      setError(result.codeError ?? intl.formatMessage({ id: 'identity.secondFactor.error.invalid' }));
      setCode('');
    }
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Group align="flex-end" gap="sm">
        <TextInput
          name="code"
          label={intl.formatMessage({ id: 'identity.secondFactor.code' })}
          autoComplete="one-time-code"
          inputMode="numeric"
          withAsterisk
          aria-required
          value={code}
          error={error}
          onChange={(event) => setCode(event.currentTarget.value)}
          w={220}
        />
        <LoadingButton type="submit" isLoading={isBusy} {...(color ? { color } : {})}>
          {submitLabel}
        </LoadingButton>
      </Group>
    </form>
  );
}

/**
 * `/account/security` (issue 21): two-factor sign-in of the signed-in user — its state, enrolment
 * (QR code, key, first code), new recovery codes, turning it off where not required (each with a
 * current code), and the remembered devices with revoke.
 */
export function SecurityPage() {
  const intl = useIntl();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const status = useSecondFactorStatus();
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolmentResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const title = intl.formatMessage({ id: 'pages.accountSecurity' });
  useDocumentTitle(title);
  const t = (id: MessageId) => intl.formatMessage({ id });
  const refresh = () => queryClient.invalidateQueries({ queryKey: identityKeys.secondFactor });

  const data = status.data;
  return (
    <Stack gap="lg" aria-labelledby="security-title" component="section">
      <AccountHeader title={title} id="security-title" summary={t('identity.security.summary')} />
      {notice ? (
        <FormAlert kind="success" key={notice}>
          {notice}
        </FormAlert>
      ) : null}
      {!data ? (
        <LoadingSpinner />
      ) : (
        <>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={2} size="h3">
                  {t('identity.security.twoFactor')}
                </Title>
                <Badge color={data.isEnrolled ? 'teal.9' : 'gray.8'} variant="filled">
                  {t(data.isEnrolled ? 'identity.security.on' : 'identity.security.off')}
                </Badge>
              </Group>
              {data.isRequired ? <Text size="sm">{t('identity.security.required')}</Text> : null}
              {data.isEnrolled && data.enrolledAt ? (
                <Text size="sm" c="dimmed">
                  {intl.formatMessage(
                    { id: 'identity.security.enrolledAt' },
                    { date: formatDateTime(data.enrolledAt, locale), left: data.recoveryCodesLeft },
                  )}
                </Text>
              ) : null}
              {recoveryCodes ? (
                <>
                  <RecoveryCodes codes={recoveryCodes} />
                  <Button variant="default" onClick={() => setRecoveryCodes(null)} w="fit-content">
                    {t('identity.secondFactor.continue')}
                  </Button>
                </>
              ) : !data.isEnrolled ? (
                enrolment ? (
                  <Stack gap="sm">
                    <TotpEnrolment qrDataUrl={enrolment.qrDataUrl} secret={enrolment.secret} />
                    <Text size="sm">{t('identity.security.firstCode')}</Text>
                    <CodeForm
                      submitLabel={t('identity.security.turnOn')}
                      onSubmit={async (code) => {
                        const result = await confirmEnrolment(code);
                        if (result.ok) {
                          setEnrolment(null);
                          setRecoveryCodes(result.data.recoveryCodes);
                          setNotice(t('identity.security.turnedOn'));
                          await refresh();
                        }
                        return result;
                      }}
                    />
                  </Stack>
                ) : (
                  <LoadingButton
                    w="fit-content"
                    isLoading={isStarting}
                    onClick={() => {
                      setIsStarting(true);
                      void startEnrolment().then((result) => {
                        setIsStarting(false);
                        if (result.ok) setEnrolment(result.data);
                      });
                    }}
                  >
                    {t('identity.security.setUp')}
                  </LoadingButton>
                )
              ) : (
                <Stack gap="md">
                  <Stack gap={4}>
                    <Title order={3} size="h4">
                      {t('identity.security.newCodes')}
                    </Title>
                    <CodeForm
                      submitLabel={t('identity.security.newCodesSubmit')}
                      onSubmit={async (code) => {
                        const result = await regenerateRecoveryCodes(code);
                        if (result.ok) {
                          setRecoveryCodes(result.data.recoveryCodes);
                          await refresh();
                        }
                        return result;
                      }}
                    />
                  </Stack>
                  {!data.isRequired ? (
                    <Stack gap={4}>
                      <Title order={3} size="h4">
                        {t('identity.security.turnOff')}
                      </Title>
                      <CodeForm
                        color="red"
                        submitLabel={t('identity.security.turnOffSubmit')}
                        onSubmit={async (code) => {
                          const result = await disableSecondFactor(code);
                          if (result.ok) {
                            setNotice(t('identity.security.turnedOff'));
                            await refresh();
                          }
                          return result;
                        }}
                      />
                    </Stack>
                  ) : null}
                </Stack>
              )}
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Title order={2} size="h3">
                {t('identity.security.devices')}
              </Title>
              {data.devices.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('identity.security.noDevices')}
                </Text>
              ) : (
                <>
                  <Table.ScrollContainer minWidth={480}>
                    <Table>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('identity.security.device')}</Table.Th>
                          <Table.Th>{t('identity.security.lastUsed')}</Table.Th>
                          <Table.Th>{t('identity.security.expires')}</Table.Th>
                          <Table.Th>
                            <VisuallyHidden>{t('identity.security.actions')}</VisuallyHidden>
                          </Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.devices.map((device) => (
                          <Table.Tr key={device.deviceId}>
                            <Table.Td>
                              {device.userAgent || '—'}
                              {device.isCurrent ? ` (${t('identity.security.thisDevice')})` : ''}
                            </Table.Td>
                            <Table.Td>
                              {formatDateTime(device.lastUsedAt ?? device.createdAt, locale)}
                            </Table.Td>
                            <Table.Td>{formatDateTime(device.expiresAt, locale)}</Table.Td>
                            <Table.Td>
                              <Button
                                size="xs"
                                variant="default"
                                onClick={() => void revokeDevice(device.deviceId).then(refresh)}
                              >
                                {t('identity.security.forget')}
                              </Button>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                  <Button
                    variant="default"
                    w="fit-content"
                    onClick={() => void revokeAllDevices().then(refresh)}
                  >
                    {t('identity.security.forgetAll')}
                  </Button>
                </>
              )}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
