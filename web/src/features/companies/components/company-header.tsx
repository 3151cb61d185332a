import { Text, Title } from '@mantine/core';

/** The heading of a company page. */
export function CompanyHeader({ title, id, summary }: { title: string; id: string; summary?: string }) {
  return (
    <div className="tessera-page-header">
      <Title order={1} id={id}>
        {title}
      </Title>
      {summary ? (
        <Text size="lg" className="tessera-page-header__summary">
          {summary}
        </Text>
      ) : null}
    </div>
  );
}
