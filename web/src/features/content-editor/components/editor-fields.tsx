import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

/** A place in a content value: object keys and list indexes (`['groups', 0, 'title']`). */
export type ValuePath = (string | number)[];

export function getIn(value: unknown, path: ValuePath): unknown {
  return path.reduce<unknown>(
    (node, step) =>
      node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[step] : undefined,
    value,
  );
}

/** A copy of `value` with `next` at `path` (objects and lists copied along the way). */
export function setIn(value: unknown, path: ValuePath, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = setIn(copy[head as number], rest, next);
    return copy;
  }
  const record = (value ?? {}) as Record<string, unknown>;
  return { ...record, [head!]: setIn(record[head!], rest, next) };
}

/** The server's name of a field: `value.groups.0.title`. */
export const fieldName = (path: ValuePath) => ['value', ...path].join('.');

type EditorContextValue = {
  value: unknown;
  set: (path: ValuePath, next: unknown) => void;
  /** Field errors of the last save, by server field name. */
  errors: Record<string, string>;
  readOnly: boolean;
};

export const EditorContext = createContext<EditorContextValue>({
  value: {},
  set: () => undefined,
  errors: {},
  readOnly: true,
});

export const useEditor = () => useContext(EditorContext);

/** A text input bound to `path`, showing the server's error for it. */
export function TextField({
  path,
  label,
  multiline,
  type,
  description,
}: {
  path: ValuePath;
  label: string;
  multiline?: boolean;
  type?: 'text' | 'url' | 'number';
  description?: string;
}) {
  const { value, set, errors, readOnly } = useEditor();
  const current = getIn(value, path);
  const text = current === undefined || current === null ? '' : String(current);
  const common = {
    label,
    description,
    value: text,
    error: errors[fieldName(path)],
    readOnly,
  };
  if (multiline) {
    return (
      <Textarea {...common} autosize minRows={2} onChange={(event) => set(path, event.currentTarget.value)} />
    );
  }
  return (
    <TextInput
      {...common}
      type={type === 'number' ? 'text' : (type ?? 'text')}
      inputMode={type === 'number' ? 'numeric' : undefined}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (type === 'number') set(path, /^-?\d+$/.test(next.trim()) ? Number(next.trim()) : next);
        else set(path, next);
      }}
    />
  );
}

/**
 * Rich text (page bodies, FAQ answers) as HTML in a text area (ADR 025: no editor library; the
 * server sanitises it with its allow-list on save, and the preview shows what visitors will see).
 */
export function RichTextField({ path, label }: { path: ValuePath; label: string }) {
  const intl = useIntl();
  return (
    <TextField
      path={path}
      label={label}
      multiline
      description={intl.formatMessage({ id: 'contentEditor.richTextHint' })}
    />
  );
}

/** A list of items with add and remove buttons; `render` shows one item. */
export function ListField({
  path,
  itemLabel,
  addLabel,
  newItem,
  render,
}: {
  path: ValuePath;
  /** The name of item `index` (1-based in the text), for the remove button's label. */
  itemLabel: (index: number) => string;
  addLabel: string;
  newItem: () => unknown;
  render: (index: number) => ReactNode;
}) {
  const intl = useIntl();
  const { value, set, readOnly } = useEditor();
  const items = (getIn(value, path) as unknown[] | undefined) ?? [];
  return (
    <div className="tessera-content-list">
      {items.map((_, index) => (
        <fieldset key={index} className="tessera-content-item">
          <legend>{itemLabel(index)}</legend>
          {render(index)}
          {readOnly ? null : (
            <Group justify="flex-end" mt="xs">
              <Button
                variant="subtle"
                color="red"
                size="xs"
                onClick={() =>
                  set(
                    path,
                    items.filter((__, other) => other !== index),
                  )
                }
              >
                {intl.formatMessage({ id: 'contentEditor.remove' }, { item: itemLabel(index) })}
              </Button>
            </Group>
          )}
        </fieldset>
      ))}
      {readOnly ? null : (
        <Button variant="light" size="xs" onClick={() => set(path, [...items, newItem()])}>
          {addLabel}
        </Button>
      )}
    </div>
  );
}

/** A short id for a new item (FAQ, link, notification…). */
export function newId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * The whole value as JSON, for what the structured fields leave out (icons, social links, the
 * profile menu's texts): opened on demand, applied to the form, then saved like any change.
 */
export function AdvancedJsonField() {
  const intl = useIntl();
  const { value, set, readOnly } = useEditor();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (text === null) {
    return (
      <Group mt="md">
        <Button variant="subtle" size="xs" onClick={() => setText(JSON.stringify(value, null, 2))}>
          {intl.formatMessage({ id: 'contentEditor.json.open' })}
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs" mt="md">
      <Textarea
        label={intl.formatMessage({ id: 'contentEditor.json.label' })}
        value={text}
        error={error}
        readOnly={readOnly}
        autosize
        minRows={6}
        maxRows={24}
        spellCheck={false}
        className="tessera-content-json"
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Group gap="xs">
        {readOnly ? null : (
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              try {
                set([], JSON.parse(text) as unknown);
                setError(null);
                setText(null);
              } catch {
                setError(intl.formatMessage({ id: 'contentEditor.json.invalid' }));
              }
            }}
          >
            {intl.formatMessage({ id: 'contentEditor.json.apply' })}
          </Button>
        )}
        <Button size="xs" variant="subtle" color="gray" onClick={() => setText(null)}>
          {intl.formatMessage({ id: 'contentEditor.json.close' })}
        </Button>
      </Group>
    </Stack>
  );
}
