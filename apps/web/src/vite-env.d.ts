/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Fallback API origin for local development when the server did not fill in the meta tag. */
  readonly VITE_API_URL?: string;
  /** Fallback marketing-site origin for local development. */
  readonly VITE_SITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
