import { useCallback, useMemo, useRef } from 'react';

/**
 * `Idempotency-Key`s for requests that move money or create orders (ARCHITECTURE §5). One key per
 * user action: the same request sent again (a lost answer, a second click after a failure) carries
 * the same key, so the server answers it instead of repeating it; another request (another payment
 * method) gets its own, since the server refuses a key reused for a different request. After a
 * success the keys are forgotten: the next action is a new one.
 */
export function useIdempotencyKeys() {
  const keys = useRef(new Map<string, string>());
  const keyFor = useCallback((request: unknown): string => {
    const signature = JSON.stringify(request);
    let key = keys.current.get(signature);
    if (key === undefined) {
      key = crypto.randomUUID();
      keys.current.set(signature, key);
    }
    return key;
  }, []);
  const forget = useCallback(() => keys.current.clear(), []);
  return useMemo(() => ({ keyFor, forget }), [keyFor, forget]);
}
