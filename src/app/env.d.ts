/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the API; /api when unset (the server serves SPA and API on one port). */
  readonly VITE_API_BASE?: string;
}
