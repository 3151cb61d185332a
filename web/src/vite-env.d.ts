/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Seconds between session reads (SPEC §4 "optional polling interval"); unset or 0 = no polling. */
  readonly VITE_SESSION_POLL_SECONDS?: string;
  /** The support chatbot's script URL (SPEC §1); unset = no chatbot. */
  readonly VITE_CHATBOT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
