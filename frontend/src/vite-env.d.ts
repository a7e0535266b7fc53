/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address the "Contact Administrator" button on /account-disabled writes to. */
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
