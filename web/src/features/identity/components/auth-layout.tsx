import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the sign-in, forgot, reset and signed-out pages: a narrow card under a heading. */
export function AuthLayout({
  title,
  summary,
  children,
  footer,
}: {
  title: string;
  summary?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="tessera-auth" aria-labelledby="auth-title">
      <div className="tessera-auth__card">
        <Title order={1} id="auth-title" className="tessera-auth__title">
          {title}
        </Title>
        {summary ? <Text className="tessera-auth__summary">{summary}</Text> : null}
        {children}
      </div>
      {footer ? <div className="tessera-auth__footer">{footer}</div> : null}
    </section>
  );
}
