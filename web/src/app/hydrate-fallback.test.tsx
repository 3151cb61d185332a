import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HydrateFallback, keepStaticMain } from './route-error-boundary';

/**
 * The first render draws the frame as the page's HTML did (ADR 054 and its amendment): the main
 * area the server wrote (the sign-in card of a sign-in it started) is drawn again, not replaced
 * by the loading note, so the app's first render changes nothing on the screen.
 */
describe('the frame of the first render', () => {
  it("draws the main area the page's HTML came with", () => {
    const page = document.createElement('div');
    page.innerHTML =
      '<div class="tessera-app"><main class="tessera-container tessera-main"><section class="tessera-auth">' +
      '<div class="tessera-auth__card"><h1 id="auth-title">Σύνδεση στην Tessera</h1>' +
      '<p class="tessera-auth__summary">Συνδεθείτε με το email σας.</p></div></section></main></div>';
    keepStaticMain(page);
    render(<HydrateFallback />);
    expect(screen.getByRole('heading', { level: 1, name: 'Σύνδεση στην Tessera' }).id).toBe('auth-title');
    expect(screen.getByText('Συνδεθείτε με το email σας.').className).toBe('tessera-auth__summary');
    expect(screen.queryByText('Φόρτωση…')).toBeNull();
  });

  it('draws the loading note when the HTML had no main area', () => {
    keepStaticMain(document.createElement('div'));
    render(<HydrateFallback />);
    expect(screen.getByRole('status').textContent).toBe('Φόρτωση…');
  });
});
