import { Anchor, Badge, Code, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../../i18n/messages';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AccountHeader } from '../../../ui/account-header';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { paths } from '../../../app/paths';

/** Where the server serves the public API's OpenAPI document (ADR 037). */
export const PUBLIC_OPENAPI_PATH = '/api/public/v1/openapi.json';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  description?: string;
  anyOf?: Schema[];
  nullable?: boolean;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
};
type Media = { schema?: Schema; example?: unknown };
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>;
};
type Document = {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
};

const METHOD_COLOR: Record<string, string> = {
  get: BADGE_COLOR.blue,
  post: BADGE_COLOR.green,
  put: BADGE_COLOR.amber,
  delete: BADGE_COLOR.red,
};

/** The code quote of Markdown (a back-tick), named so no reader takes it for a template string. */
const TICK = '\u0060';
const INLINE = new RegExp(`(${TICK}[^${TICK}]+${TICK}|\\*\\*[^*]+\\*\\*)`, 'g');

/** Code quotes and **bold** inside a line of the document's text. */
function inline(text: string): ReactNode[] {
  return text.split(INLINE).map((part, index) => {
    if (part.length > 1 && part.startsWith(TICK) && part.endsWith(TICK)) {
      return <Code key={index}>{part.slice(1, -1)}</Code>;
    }
    if (part.startsWith('**') && part.endsWith('**')) return <strong key={index}>{part.slice(2, -2)}</strong>;
    return <Fragment key={index}>{part}</Fragment>;
  });
}

/** The document's introduction: paragraphs, `###` headings and `|` tables (no HTML is ever injected). */
function Prose({ text }: { text: string }) {
  const blocks = text.split(/\n\s*\n/);
  return (
    <Stack gap="sm">
      {blocks.map((block, index) => {
        if (block.startsWith('### ')) {
          return (
            <Title order={4} key={index}>
              {block.slice(4)}
            </Title>
          );
        }
        if (block.trim().startsWith('|')) {
          const rows = block
            .trim()
            .split('\n')
            .filter((row) => !/^\|[-| ]+\|$/.test(row.trim()))
            .map((row) =>
              row
                .trim()
                .replace(/^\||\|$/g, '')
                .split('|')
                .map((cell) => cell.trim()),
            );
          const [head = [], ...body] = rows;
          return (
            <Table.ScrollContainer minWidth={300} key={index} mah={320}>
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    {head.map((cell) => (
                      <Table.Th key={cell}>{cell}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {body.map((row) => (
                    <Table.Tr key={row.join('|')}>
                      {row.map((cell, column) => (
                        <Table.Td key={column}>{inline(cell)}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          );
        }
        return <Text key={index}>{inline(block)}</Text>;
      })}
    </Stack>
  );
}

function typeOf(schema: Schema | undefined): string {
  if (!schema) return '';
  if (schema.enum) return schema.enum.map(String).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'object');
  if (type === 'array') return `${typeOf(schema.items)}[]`;
  return schema.nullable ? `${type} | null` : type;
}

/** The top-level fields of a body schema, with their types and whether each is required. */
function Fields({ schema }: { schema: Schema | undefined }) {
  const intl = useIntl();
  const properties = Object.entries(schema?.properties ?? {});
  if (properties.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table withTableBorder>
        <Table.Tbody>
          {properties.map(([name, field]) => (
            <Table.Tr key={name}>
              <Table.Td>
                <Code>{name}</Code>
                {schema?.required?.includes(name) ? (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    ({intl.formatMessage({ id: 'apiDocs.required' })})
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{typeOf(field)}</Text>
                {field.description ? (
                  <Text size="xs" c="dimmed">
                    {field.description}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function OperationCard({ method, path, operation }: { method: string; path: string; operation: Operation }) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const body = operation.requestBody?.content?.['application/json'];
  const scopes = (operation.security ?? []).flatMap((entry) => Object.values(entry).flat());
  const scope = operation.security?.length ? scopes.join(', ') || 'Bearer' : null;
  return (
    <Paper withBorder p="md" id={`${method}-${path}`}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Badge color={METHOD_COLOR[method] ?? BADGE_COLOR.grey} variant="filled">
            {method.toUpperCase()}
          </Badge>
          <Code style={{ wordBreak: 'break-all' }}>{path}</Code>
        </Group>
        <Text fw={600}>{operation.summary}</Text>
        {operation.description ? <Text size="sm">{inline(operation.description)}</Text> : null}
        <Text size="xs" c="dimmed">
          {scope ? t('apiDocs.scope', { scope }) : t('apiDocs.noScope')}
        </Text>
        {operation.parameters?.length ? (
          <>
            <Text fw={600} size="sm">
              {t('apiDocs.parameters')}
            </Text>
            <Table.ScrollContainer minWidth={320}>
              <Table withTableBorder>
                <Table.Tbody>
                  {operation.parameters.map((parameter) => (
                    <Table.Tr key={`${parameter.in}:${parameter.name}`}>
                      <Table.Td>
                        <Code>{parameter.name}</Code>{' '}
                        <Text span size="xs" c="dimmed">
                          {t('apiDocs.in')} {parameter.in}
                          {parameter.required ? `, ${t('apiDocs.required')}` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{typeOf(parameter.schema)}</Text>
                        {parameter.description ? (
                          <Text size="xs" c="dimmed">
                            {parameter.description}
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        ) : null}
        {body ? (
          <>
            <Text fw={600} size="sm">
              {t('apiDocs.requestBody')}
            </Text>
            <Fields schema={body.schema} />
            {body.example !== undefined ? (
              <>
                <Text size="sm">{t('apiDocs.example')}</Text>
                <Code block>{JSON.stringify(body.example, null, 2)}</Code>
              </>
            ) : null}
          </>
        ) : null}
        <Text fw={600} size="sm">
          {t('apiDocs.responses')}
        </Text>
        <Group gap="xs" wrap="wrap">
          {Object.keys(operation.responses ?? {}).map((status) => (
            <Badge
              key={status}
              variant="outline"
              color={Number(status) < 400 ? BADGE_COLOR.green : BADGE_COLOR.grey}
            >
              {status}
            </Badge>
          ))}
        </Group>
        {Object.entries(operation.responses ?? {}).flatMap(([status, response]) => {
          const media =
            response.content?.['application/json'] ?? response.content?.['application/problem+json'];
          if (media?.example === undefined) return [];
          return [
            <Stack gap={4} key={status}>
              <Text size="sm">
                {t('apiDocs.example')} {status}
              </Text>
              <Code block>{JSON.stringify(media.example, null, 2)}</Code>
            </Stack>,
          ];
        })}
      </Stack>
    </Paper>
  );
}

/**
 * `/account/api-docs` (issue 22 §2, ADR 037): the public API's OpenAPI document as the server
 * serves it, rendered for the company's developers — the introduction (authentication, keys,
 * pages, errors and their codes), then every operation by tag with its parameters, body fields,
 * examples and answers — with a search and the JSON to download for code generators.
 */
export function ApiDocsPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'pages.accountApiDocs' });
  useDocumentTitle(title);
  const [search, setSearch] = useState('');
  const document = useQuery({
    queryKey: ['public-api', 'openapi'],
    queryFn: async ({ signal }): Promise<Document> => {
      const response = await fetch(PUBLIC_OPENAPI_PATH, { signal });
      if (!response.ok) throw new Error(`openapi ${response.status}`);
      return (await response.json()) as Document;
    },
    staleTime: 300_000,
  });

  const groups = useMemo(() => {
    const found = new Map<string, { method: string; path: string; operation: Operation }[]>();
    const needle = search.trim().toLowerCase();
    for (const [path, methods] of Object.entries(document.data?.paths ?? {})) {
      for (const [method, operation] of Object.entries(methods)) {
        const text = `${method} ${path} ${operation.summary ?? ''}`.toLowerCase();
        if (needle && !text.includes(needle)) continue;
        const tag = operation.tags?.find((name) => name !== 'public-api') ?? 'oauth';
        const list = found.get(tag) ?? [];
        list.push({ method, path, operation });
        found.set(tag, list);
      }
    }
    return [...found.entries()];
  }, [document.data, search]);

  return (
    <Stack gap="md">
      <AccountHeader
        id="api-docs-title"
        title={title}
        summary={intl.formatMessage({ id: 'apiDocs.intro' })}
      />
      <Group gap="md">
        <Anchor href={PUBLIC_OPENAPI_PATH} download="tessera-public-api.json">
          {intl.formatMessage({ id: 'apiDocs.download' })}
        </Anchor>
        <Anchor component={Link} to={paths.accountApiClients.href()}>
          {intl.formatMessage({ id: 'apiDocs.manageClients' })}
        </Anchor>
      </Group>
      {document.isPending ? (
        <LoadingState />
      ) : document.isError ? (
        <ErrorState message={intl.formatMessage({ id: 'apiDocs.loadFailed' })} />
      ) : (
        <>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={3}>
                {document.data.info.title} v{document.data.info.version}
              </Title>
              <Prose text={document.data.info.description ?? ''} />
            </Stack>
          </Paper>
          <TextInput
            label={intl.formatMessage({ id: 'apiDocs.search' })}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maw={420}
          />
          {groups.map(([tag, operations]) => (
            <Stack gap="sm" key={tag}>
              <Title order={3}>{tag}</Title>
              {document.data.tags?.find((entry) => entry.name === tag)?.description ? (
                <Text c="dimmed">{document.data.tags.find((entry) => entry.name === tag)?.description}</Text>
              ) : null}
              {operations.map((entry) => (
                <OperationCard key={`${entry.method} ${entry.path}`} {...entry} />
              ))}
            </Stack>
          ))}
        </>
      )}
    </Stack>
  );
}
