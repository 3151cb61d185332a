import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useThrottledText } from './use-throttled-text';

describe('throttled live-region text', () => {
  it('says the first text at once, then at most once per interval, ending on the latest', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ text }) => useThrottledText(text, 5_000), {
      initialProps: { text: '0 of 100 rows' },
    });
    expect(result.current).toBe('0 of 100 rows');
    rerender({ text: '10 of 100 rows' });
    act(() => void vi.advanceTimersByTime(700));
    rerender({ text: '20 of 100 rows' });
    act(() => void vi.advanceTimersByTime(700));
    expect(result.current).toBe('0 of 100 rows');
    act(() => void vi.advanceTimersByTime(3_600));
    expect(result.current).toBe('20 of 100 rows');
    rerender({ text: '30 of 100 rows' });
    expect(result.current).toBe('20 of 100 rows');
    act(() => void vi.advanceTimersByTime(5_000));
    expect(result.current).toBe('30 of 100 rows');
  });
});
