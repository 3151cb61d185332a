import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HydrateFallback, keepServerDrawnMain } from './route-error-boundary';

/**
 * The first render draws the frame as the page's HTML did (ADR 054 and its amendment): the main
 * area the server drew (the sign-in card, the home page's hero) is drawn again, not replaced by the
 * loading note, so the app's first render changes nothing on the screen.
 */
describe('the frame of the first render', () => {
  it("draws the main area the page's HTML came with", () => {
    const page = document.createElement('div');
    page.innerHTML =
      '<div class="tessera-app"><main class="tessera-container tessera-main" data-server-drawn=""><section class="tessera-auth">' +
      '<div class="tessera-auth__card"><h1 id="auth-title">Σύνδεση στην Tessera</h1>' +
      '<p class="tessera-auth__summary">Συνδεθείτε με το email σας.</p></div></section></main></div>';
    expect(keepServerDrawnMain(page)).toBe(true);
    render(<HydrateFallback />);
    expect(screen.getByRole('heading', { level: 1, name: 'Σύνδεση στην Tessera' }).id).toBe('auth-title');
    expect(screen.getByText('Συνδεθείτε με το email σας.').className).toBe('tessera-auth__summary');
    expect(screen.queryByText('Φόρτωση…')).toBeNull();
  });

  it('draws the loading note when the server drew no main area', () => {
    const page = document.createElement('div');
    page.innerHTML =
      '<main class="tessera-container tessera-main"><p role="status">Φόρτωση…<span>Loading…</span></p></main>';
    expect(keepServerDrawnMain(page)).toBe(false);
    render(<HydrateFallback />);
    expect(screen.getByRole('status').textContent).toBe('Φόρτωση…');
  });
});
