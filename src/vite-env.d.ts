/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the real API (e.g. https://api.example.com); the app calls <origin>/api/v1. Same origin when unset. */
  readonly VITE_API_BASE_URL?: string;
  /** "true" in demo and development builds: the in-browser mock backend answers every call. */
  readonly VITE_MOCKS?: string;
  /** Comma-separated hosts the payment provider's pages may be on; any https host when unset. */
  readonly VITE_PAYMENT_HOSTS?: string;
  /** The marketing site linked from the sign-in page. */
  readonly VITE_WEBSITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
