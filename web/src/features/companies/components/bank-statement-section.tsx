import { Alert, Badge, Group, Input, Switch, Table, Text, Title } from '@mantine/core';
import type { Locale } from '@tessera/domain';
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { useLocale } from '../../../lib/use-locale';
import { LoadingButton } from '../../../ui/loading-button';
import { useImportBankStatement, type ImportStatementResult } from '../api/import-bank-statement';
import {
  readStatementFile,
  STATEMENT_FILE_PROBLEM,
  STATEMENT_MAX_BYTES,
  STATEMENT_OUTCOME_BADGE,
  statementFileProblem,
  type StatementLine,
} from '../bank-statement';
import '../bank-statement.css';

type Statement = Extract<ImportStatementResult, { ok: true }>['statement'];

/** A statement of tens of thousands of lines would freeze the page; the first ones are shown. */
const SHOWN_LINES_MAX = 1_000;

/**
 * The bank statement import (provider staff; ADR 010): a CSV file chosen or dropped, read in the
 * browser (at most 5 MB) and sent as text; then what each line did. RF and IRIS transfers pay their
 * orders only through this import.
 */
export function BankStatementSection() {
  const intl = useIntl();
  const locale = useLocale();
  const ids = useId();
  const inputId = `${ids}-file`;
  const importStatement = useImportBankStatement();
  const keys = useIdempotencyKeys();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [isReading, setIsReading] = useState(false);
  const [isDragging, setIsDragging] = useState(false);
  const [statement, setStatement] = useState<Statement | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  // Said the same way in the hint and the error.
  const limits = { megabytes: STATEMENT_MAX_BYTES / 1_000_000 };

  useEffect(() => {
    if (statement) summaryRef.current?.focus();
  }, [statement]);

  const choose = (next: File | null) => {
    setFile(next);
    const problem = next ? statementFileProblem(next) : null;
    setFileError(problem ? intl.formatMessage({ id: STATEMENT_FILE_PROBLEM[problem] }, limits) : null);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    const dropped = event.dataTransfer.files;
    const next = dropped[0];
    if (!next) return;
    // The input then names the dropped file as if it had been chosen (not every browser allows it).
    try {
      if (inputRef.current) inputRef.current.files = dropped;
    } catch {
      // The file is still the one imported; only the input's own text stays as it was.
    }
    choose(next);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setFileError(intl.formatMessage({ id: 'bankStatement.file.required' }));
      inputRef.current?.focus();
      return;
    }
    if (statementFileProblem(file) !== null) {
      inputRef.current?.focus();
      return;
    }
    setStatement(null);
    setFileError(null);
    setIsReading(true);
    let csv: string;
    try {
      csv = await readStatementFile(file);
    } catch {
      setFileError(intl.formatMessage({ id: 'bankStatement.file.unreadable' }));
      return;
    } finally {
      setIsReading(false);
    }
    const request = { csv };
    const result = await importStatement.mutateAsync({ csv, idempotencyKey: keys.keyFor(request) });
    if (result.ok) {
      keys.forget();
      setStatement(result.statement);
      return;
    }
    if (result.reason === 'tooLarge') {
      setFileError(intl.formatMessage({ id: 'bankStatement.file.tooLargeForServer' }));
    } else if (result.reason === 'refused') {
      setFileError(result.message ?? intl.formatMessage({ id: 'bankStatement.file.refused' }));
    }
    if (result.reason !== 'failed') inputRef.current?.focus();
  };

  const descriptionId = `${inputId}-description`;
  const errorId = `${inputId}-error`;

  return (
    <section className="tessera-statement" aria-labelledby={`${ids}-title`}>
      <Title order={2} size="h3" id={`${ids}-title`} mb="xs">
        {intl.formatMessage({ id: 'bankStatement.title' })}
      </Title>
      <Text className="tessera-statement__intro" mb="md">
        {intl.formatMessage({ id: 'bankStatement.intro' })}
      </Text>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <div
          className="tessera-statement__drop"
          data-dragging={isDragging || undefined}
          onDragOver={(event) => {
            event.preventDefault();
            setIsDragging(true);
          }}
          onDragLeave={() => setIsDragging(false)}
          onDrop={onDrop}
        >
          <Input.Wrapper
            id={inputId}
            label={intl.formatMessage({ id: 'bankStatement.file.label' })}
            description={intl.formatMessage({ id: 'bankStatement.file.hint' }, limits)}
            error={fileError}
          >
            <input
              ref={inputRef}
              id={inputId}
              name="statement"
              type="file"
              accept=".csv,text/csv"
              className="tessera-statement__file"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? `${errorId} ${descriptionId}` : descriptionId}
              onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
            />
          </Input.Wrapper>
          <Text size="sm" c="dimmed" mt="xs" aria-hidden="true">
            {intl.formatMessage({ id: 'bankStatement.file.drop' })}
          </Text>
        </div>
        <LoadingButton type="submit" mt="md" isLoading={isReading || importStatement.isPending}>
          {intl.formatMessage({ id: 'bankStatement.submit' })}
        </LoadingButton>
      </form>
      {statement ? <StatementResult statement={statement} summaryRef={summaryRef} locale={locale} /> : null}
    </section>
  );
}

function StatementResult({
  statement,
  summaryRef,
  locale,
}: {
  statement: Statement;
  summaryRef: RefObject<HTMLDivElement | null>;
  locale: Locale;
}) {
  const intl = useIntl();
  const ids = useId();
  const [isUnmatchedOnly, setIsUnmatchedOnly] = useState(false);
  const lines = isUnmatchedOnly
    ? statement.lines.filter((line) => line.outcome !== 'matched')
    : statement.lines;
  const shown = lines.slice(0, SHOWN_LINES_MAX);
  const tableTitle = intl.formatMessage({ id: 'bankStatement.result.table' });

  return (
    <section aria-labelledby={`${ids}-result`}>
      <Title order={3} size="h4" id={`${ids}-result`} mt="xl" mb="sm">
        {intl.formatMessage({ id: 'bankStatement.result.title' })}
      </Title>
      <Alert
        ref={summaryRef}
        tabIndex={-1}
        role="status"
        color={statement.unmatched === 0 ? 'teal' : 'yellow'}
        variant="light"
        mb="md"
      >
        {intl.formatMessage(
          { id: 'bankStatement.result.summary' },
          { matched: statement.matched, unmatched: statement.unmatched },
        )}
      </Alert>
      {statement.lines.length === 0 ? (
        <Text>{intl.formatMessage({ id: 'bankStatement.result.empty' })}</Text>
      ) : (
        <>
          <Switch
            mb="sm"
            label={intl.formatMessage({ id: 'bankStatement.result.unmatchedOnly' })}
            checked={isUnmatchedOnly}
            onChange={(event) => setIsUnmatchedOnly(event.currentTarget.checked)}
          />
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs" aria-label={tableTitle}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{intl.formatMessage({ id: 'bankStatement.col.row' })}</Table.Th>
                  <Table.Th scope="col">{intl.formatMessage({ id: 'bankStatement.col.lineId' })}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {intl.formatMessage({ id: 'bankStatement.col.amount' })}
                  </Table.Th>
                  <Table.Th scope="col">{intl.formatMessage({ id: 'bankStatement.col.rfCode' })}</Table.Th>
                  <Table.Th scope="col">{intl.formatMessage({ id: 'bankStatement.col.outcome' })}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((line) => (
                  <StatementRow key={`${line.row}:${line.lineId}`} line={line} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {lines.length > shown.length ? (
            <Text size="sm" c="dimmed" mt="xs">
              {intl.formatMessage(
                { id: 'bankStatement.result.truncated' },
                { shown: formatNumber(shown.length, locale), total: formatNumber(lines.length, locale) },
              )}
            </Text>
          ) : null}
        </>
      )}
    </section>
  );
}

function StatementRow({ line }: { line: StatementLine }) {
  const intl = useIntl();
  const none = intl.formatMessage({ id: 'bankStatement.none' });
  return (
    <Table.Tr>
      <Table.Td>{line.row}</Table.Td>
      <Table.Td>{line.lineId || none}</Table.Td>
      <Table.Td ta="end" className="tessera-statement__amount">
        {line.amountCents === null ? none : formatMoney(line.amountCents)}
      </Table.Td>
      <Table.Td>{line.rfCode || none}</Table.Td>
      <Table.Td>
        <Group gap={6}>
          {/* Greek capitals drop their accents; Mantine's upper-case badges would spell them wrong. */}
          <Badge
            radius="sm"
            tt="none"
            fw={600}
            variant="filled"
            color={STATEMENT_OUTCOME_BADGE[line.outcome].color}
          >
            {intl.formatMessage(
              { id: STATEMENT_OUTCOME_BADGE[line.outcome].label },
              // An identifier, not a quantity: `#10700`, never `#10.700`.
              { number: String(line.orderNumber ?? '') },
            )}
          </Badge>
          {line.outcome !== 'matched' && line.orderNumber !== null ? (
            <Text size="sm" c="dimmed">
              {intl.formatMessage({ id: 'bankStatement.result.order' }, { number: String(line.orderNumber) })}
            </Text>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
