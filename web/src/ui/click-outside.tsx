import { useEffect, useRef, type ComponentPropsWithoutRef } from 'react';

type ClickOutsideProps = ComponentPropsWithoutRef<'div'> & {
  onClickOutside: () => void;
  /** Wait this long before reacting (SPEC §9: a modal closes 100 ms after a click outside). */
  delayMs?: number;
  /** Stop listening, e.g. while the wrapped popup is closed. */
  isDisabled?: boolean;
};

/** Calls `onClickOutside` when the pointer goes down anywhere outside the wrapped content. */
export function ClickOutside({
  onClickOutside,
  delayMs = 0,
  isDisabled = false,
  ...props
}: ClickOutsideProps) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onClickOutside);
  callback.current = onClickOutside;

  useEffect(() => {
    if (isDisabled) return;
    const timers = new Set<number>();
    const onPointerDown = (event: Event) => {
      const target = event.target;
      if (!(target instanceof Node) || ref.current?.contains(target)) return;
      if (delayMs <= 0) {
        callback.current();
        return;
      }
      const timer = window.setTimeout(() => {
        timers.delete(timer);
        callback.current();
      }, delayMs);
      timers.add(timer);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
      timers.forEach((timer) => window.clearTimeout(timer));
    };
  }, [delayMs, isDisabled]);

  return <div ref={ref} {...props} />;
}
