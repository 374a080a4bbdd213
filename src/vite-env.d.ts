/// <reference types="vite/client" />

/** The build id (see vite.config.ts); the server sends the deployed one as `X-App-Version`. */
declare const __APP_VERSION__: string;
/** True in the build that renders the public pages ahead (src/app/prerender.tsx). */
declare const __PRERENDER__: boolean;
/** Translation file → content hash (`en/translation` → `3f9c…`), from vite.config.ts (src/app/locale-files.ts). */
declare const __LOCALE_VERSIONS__: Record<string, string>;
