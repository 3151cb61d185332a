import { Alert } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A form's message above its fields: errors are alerts (read at once), confirmations statuses. It
 * takes focus when it appears so keyboard and screen-reader users land on it (give it a `key` per
 * message to announce a new one).
 */
export function FormAlert({
  kind,
  title,
  children,
}: {
  kind: 'error' | 'success' | 'info';
  title?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (kind !== 'info') ref.current?.focus();
  }, [kind, title]);
  const color = kind === 'error' ? 'red' : kind === 'success' ? 'tessera' : 'blue';
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role={kind === 'error' ? 'alert' : 'status'}
      color={color}
      variant="light"
      title={title}
      mb="lg"
      className="tessera-form-alert"
    >
      {children}
    </Alert>
  );
}
