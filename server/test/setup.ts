import { afterEach, beforeEach, vi } from 'vitest';

// STYLE (Epic Stack): console.error during a test is a defect, not noise.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
