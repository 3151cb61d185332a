import { Modal, type ModalProps } from '@mantine/core';
import { useCallback, useEffect, useRef } from 'react';

/** SPEC §9: a click outside closes a modal after 100 ms; the default close delay is 0 ms. */
export const MODAL_CLICK_OUTSIDE_DELAY_MS = 100;
export const MODAL_CLOSE_DELAY_MS = 0;

type AppModalProps = Omit<ModalProps, 'closeOnClickOutside'> & {
  /** Whether a click on the overlay closes the modal (after `MODAL_CLICK_OUTSIDE_DELAY_MS`). */
  isDismissable?: boolean;
  closeDelayMs?: number;
};

/** The portal's modal: Mantine's, with the specification's click-outside and close delays. */
export function AppModal({
  onClose,
  isDismissable = true,
  closeDelayMs = MODAL_CLOSE_DELAY_MS,
  overlayProps,
  closeOnEscape,
  ...props
}: AppModalProps) {
  const timers = useRef(new Set<number>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const closeAfter = useCallback(
    (delayMs: number) => {
      if (delayMs <= 0) {
        onClose();
        return;
      }
      const timer = window.setTimeout(() => {
        timers.current.delete(timer);
        onClose();
      }, delayMs);
      timers.current.add(timer);
    },
    [onClose],
  );

  return (
    <Modal
      {...props}
      onClose={() => closeAfter(closeDelayMs)}
      closeOnEscape={closeOnEscape ?? isDismissable}
      closeOnClickOutside={false}
      overlayProps={{
        ...overlayProps,
        onClick: (event) => {
          overlayProps?.onClick?.(event);
          if (isDismissable) closeAfter(MODAL_CLICK_OUTSIDE_DELAY_MS);
        },
      }}
    />
  );
}
