import { LogoMark } from './logo';

/**
 * The shell's frame while the first page loads (issue 36 §7, ADR 054): the header's bar (the menu
 * button's place, the logo, the bell's and the profile's places), the desktop menu's row and an
 * empty main area at least a window tall, or the main area the server drew in the page's HTML
 * (`mainHtml`: the sign-in card, the home page's hero). `index.html` draws the same markup before any script
 * runs, so the first paint is this frame; the router shows it again until the page's code, texts
 * and content are there, and the shell then takes the same places. Keep the two alike.
 */
export function ShellFrame({ label, mainHtml = null }: { label: string; mainHtml?: string | null }) {
  return (
    <div className="tessera-app">
      <header className="tessera-header">
        <div className="tessera-container tessera-header__bar">
          <span className="tessera-only-mobile tessera-frame__burger" />
          <span className="tessera-logo">
            <LogoMark />
            <span className="tessera-logo__text">Tessera</span>
          </span>
          <div className="tessera-header__tools">
            <span className="tessera-icon-button" />
            <span className="tessera-profile-placeholder" />
          </div>
        </div>
        <div className="tessera-only-desktop tessera-header__nav">
          <div className="tessera-container">
            <div className="tessera-nav-placeholder" />
          </div>
        </div>
      </header>
      {mainHtml ? (
        // The main area exactly as the page's HTML drew it (the server's own markup, escaped there).
        <main className="tessera-container tessera-main" dangerouslySetInnerHTML={{ __html: mainHtml }} />
      ) : (
        <main className="tessera-container tessera-main">
          <p role="status" className="tessera-visually-hidden">
            {label}
          </p>
        </main>
      )}
    </div>
  );
}
