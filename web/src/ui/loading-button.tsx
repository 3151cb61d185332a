import { Button, type ButtonProps } from '@mantine/core';
import type { ButtonHTMLAttributes } from 'react';

type LoadingButtonProps = ButtonProps &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, keyof ButtonProps | 'color'> & {
    isLoading?: boolean;
  };

/** A button that shows a spinner and refuses clicks while its operation runs. */
export function LoadingButton({ isLoading = false, children, disabled, ...props }: LoadingButtonProps) {
  return (
    <Button {...props} loading={isLoading} disabled={disabled} aria-busy={isLoading || undefined}>
      {children}
    </Button>
  );
}
