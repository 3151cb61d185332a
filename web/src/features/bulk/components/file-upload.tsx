import { Alert, Group, List, Text } from '@mantine/core';
import type { BulkImport, BulkPurpose, Locale } from '@tessera/domain';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { useLocale } from '../../../lib/use-locale';
import { LoadingButton } from '../../../ui/loading-button';
import { useUploadBulkFile } from '../api/upload-bulk-file';
import { BULK_FILE_ACCEPT, BULK_MAX_BYTES, checkBulkFile, fileSizeText, type FileProblem } from '../model';

type Props = {
  purpose: BulkPurpose;
  /** A corrected file replaces this import (the server marks it superseded). */
  replacesImportId?: string;
  submitLabel: MessageId;
  onUploaded: (item: BulkImport) => void;
};

function sizeText(intl: IntlShape, locale: Locale, bytes: number): string {
  const { id, size } = fileSizeText(bytes, locale);
  return intl.formatMessage({ id }, { size });
}

function problemText(intl: IntlShape, locale: Locale, problem: FileProblem): string {
  switch (problem.kind) {
    case 'tooBig':
      return intl.formatMessage(
        { id: 'bulk.file.problem.tooBig' },
        { size: sizeText(intl, locale, problem.bytes), max: sizeText(intl, locale, problem.maxBytes) },
      );
    case 'oldExcel':
      return intl.formatMessage({ id: 'bulk.file.problem.oldExcel' });
    case 'empty':
      return intl.formatMessage({ id: 'bulk.file.problem.empty' });
    case 'type':
      return intl.formatMessage({ id: 'bulk.file.problem.type' });
  }
}

/**
 * Choosing and sending a file: a native file input inside a labelled box that also takes a dropped
 * file (keyboard and screen-reader users use the input; `@mantine/dropzone` is not needed). The
 * type and the size are checked before a byte is sent; what the server refuses (a damaged file,
 * three files already being read) shows here too, in the server's words.
 */
export function FileUpload({ purpose, replacesImportId, submitLabel, onUploaded }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const ids = { input: useId(), hint: useId(), chosen: useId(), problems: useId() };
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [isDragging, setIsDragging] = useState(false);
  const upload = useUploadBulkFile();

  const choose = (next: File | null) => {
    setFile(next);
    const problem = next ? checkBulkFile(next) : null;
    setProblems(problem ? [problemText(intl, locale, problem)] : []);
  };

  const refuse = (messages: string[]) => {
    setProblems(messages);
    input.current?.focus();
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    const dropped = event.dataTransfer.files;
    const next = dropped[0] ?? null;
    if (next && input.current) {
      // The input shows the dropped file as if it had been chosen (where the browser allows it).
      try {
        input.current.files = dropped;
      } catch {
        input.current.value = '';
      }
    }
    choose(next);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      refuse([intl.formatMessage({ id: 'bulk.file.problem.required' })]);
      return;
    }
    const problem = checkBulkFile(file);
    if (problem) {
      refuse([problemText(intl, locale, problem)]);
      return;
    }
    setProblems([]);
    const result = await upload.mutateAsync({
      file,
      purpose,
      ...(replacesImportId ? { replacesImportId } : {}),
    });
    if (result.ok) {
      onUploaded(result.import);
      return;
    }
    if (result.aborted) return;
    if (result.status === 413) {
      refuse([
        intl.formatMessage(
          { id: 'bulk.file.problem.tooBig' },
          { size: sizeText(intl, locale, file.size), max: sizeText(intl, locale, BULK_MAX_BYTES) },
        ),
      ]);
    } else if (result.status === 429) {
      refuse([intl.formatMessage({ id: 'bulk.file.problem.tooMany' })]);
    } else if (result.messages.length > 0) {
      refuse(result.messages);
    }
  };

  const describedBy = [ids.hint, file ? ids.chosen : null, problems.length > 0 ? ids.problems : null]
    .filter(Boolean)
    .join(' ');

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="tessera-bulk-upload">
      <div
        className={`tessera-bulk-drop${isDragging ? ' tessera-bulk-drop--active' : ''}${
          problems.length > 0 ? ' tessera-bulk-drop--invalid' : ''
        }`}
        onDragEnter={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
        }}
        onDrop={onDrop}
      >
        <label htmlFor={ids.input} className="tessera-bulk-drop__label">
          {intl.formatMessage({ id: 'bulk.file.label' })}
        </label>
        <Text id={ids.hint} size="sm" className="tessera-bulk-drop__hint">
          {isDragging
            ? intl.formatMessage({ id: 'bulk.file.dropHere' })
            : intl.formatMessage({ id: 'bulk.file.hint' }, { max: sizeText(intl, locale, BULK_MAX_BYTES) })}
        </Text>
        <input
          ref={input}
          id={ids.input}
          name="file"
          type="file"
          accept={BULK_FILE_ACCEPT}
          aria-describedby={describedBy}
          aria-invalid={problems.length > 0 || undefined}
          className="tessera-bulk-drop__input"
          onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
        />
        {file ? (
          <Text id={ids.chosen} size="sm" fw={600} className="tessera-bulk-drop__chosen">
            {intl.formatMessage(
              { id: 'bulk.file.chosen' },
              { name: file.name, size: sizeText(intl, locale, file.size) },
            )}
          </Text>
        ) : null}
      </div>
      <div id={ids.problems}>
        {problems.length === 1 ? (
          <Alert color="red" variant="light" mt="sm">
            {problems[0]}
          </Alert>
        ) : problems.length > 1 ? (
          <Alert color="red" variant="light" mt="sm">
            <List size="sm">
              {problems.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
      </div>
      <Group mt="md">
        <LoadingButton type="submit" isLoading={upload.isPending}>
          {intl.formatMessage({ id: submitLabel })}
        </LoadingButton>
      </Group>
    </form>
  );
}
