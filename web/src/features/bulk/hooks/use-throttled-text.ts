import { useEffect, useRef, useState } from 'react';

/**
 * `text` for a live region, changed at most once every `intervalMs`; the latest text always arrives
 * in the end. A progress that polls every 700 ms would otherwise talk over everything else a screen
 * reader says.
 */
export function useThrottledText(text: string, intervalMs: number): string {
  const [shown, setShown] = useState(text);
  const lastShownAt = useRef(0);
  useEffect(() => {
    const show = () => {
      lastShownAt.current = Date.now();
      setShown(text);
    };
    const wait = lastShownAt.current + intervalMs - Date.now();
    if (wait <= 0) {
      show();
      return;
    }
    const timer = window.setTimeout(show, wait);
    return () => window.clearTimeout(timer);
  }, [text, intervalMs]);
  return shown;
}
