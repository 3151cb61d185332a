import { createRoot } from 'react-dom/client';
import { App } from './app';

/**
 * The cardholder area's entry (issue 35 §6, ADR 048): plain React, no portal dependencies. The
 * static shell of my.html is already painted; React takes over its root. The service worker is
 * registered after load, scoped to this language's area.
 */
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);

if ('serviceWorker' in navigator && window.isSecureContext) {
  window.addEventListener('load', () => {
    // `/my`, not `/my/`: the area's home is the bare address, which `/my/` would not control.
    const scope = /^\/en(\/|$)/.test(window.location.pathname) ? '/en/my' : '/my';
    void navigator.serviceWorker.register('/my-sw.js', { scope }).catch(() => undefined);
  });
}
