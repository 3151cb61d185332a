import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading of an account page, with an optional summary and actions beside it. */
export function AccountHeader({
  title,
  id,
  summary,
  actions,
}: {
  title: string;
  id: string;
  summary?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="tessera-page-header">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem 1rem', alignItems: 'center' }}>
        <Title order={1} id={id} style={{ flex: '1 1 16rem' }}>
          {title}
        </Title>
        {actions}
      </div>
      {summary ? (
        <Text size="lg" className="tessera-page-header__summary">
          {summary}
        </Text>
      ) : null}
    </div>
  );
}
