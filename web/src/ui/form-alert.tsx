import { Alert } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A form's message: errors are alerts (read at once), confirmations statuses. It takes focus when
 * it appears so keyboard and screen-reader users land on it (give it a `key` per message to
 * announce a new one).
 */
export function FormAlert({
  kind,
  title,
  children,
}: {
  kind: 'error' | 'success';
  title?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [kind, title]);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role={kind === 'error' ? 'alert' : 'status'}
      color={kind === 'error' ? 'red' : 'tessera'}
      variant="light"
      title={title}
      mb="lg"
    >
      {children}
    </Alert>
  );
}
