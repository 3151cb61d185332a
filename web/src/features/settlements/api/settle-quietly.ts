/**
 * Runs a desk change and answers its result, or undefined when it failed: the request helper has
 * already shown the failure (the global error dialog, or the step-up dialog the user cancelled),
 * so the page only keeps its dialog open instead of leaving an unhandled rejection.
 */
export async function settleQuietly<T>(change: () => Promise<T>): Promise<T | undefined> {
  try {
    return await change();
  } catch {
    return undefined;
  }
}
