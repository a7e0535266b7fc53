/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address the "Contact Administrator" button on /account-disabled writes to. */
  readonly VITE_ADMIN_EMAIL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
