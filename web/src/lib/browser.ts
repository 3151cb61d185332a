/**
 * Full-page navigations (sign-in, sign-out, the provider's pages), behind one object so component
 * tests can replace them: jsdom cannot leave the page.
 */
export const browser = {
  /** Loads `url` as a new document (the OpenID provider, the callback, the end-session page). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** The browser's host name (the chatbot never loads on localhost). */
  hostname(): string {
    return window.location.hostname;
  },
};
