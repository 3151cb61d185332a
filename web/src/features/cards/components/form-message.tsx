import { Alert } from '@mantine/core';

/** A save failure that names no field (too many attempts, say), said above the buttons. */
export function FormMessage({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert role="alert" color="red" variant="light" mt="sm">
      {message}
    </Alert>
  );
}
