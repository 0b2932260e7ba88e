/**
 * Zod compiles object schemas with `new Function` when it may, and asks once by trying it. The page's
 * Content-Security-Policy forbids eval, so Zod always fell back to its interpreter anyway, but the try itself was
 * a CSP violation the browser logged as an issue (Lighthouse's best practices on the trip page, issue 31 point 6).
 * Told it may not (`jitless`), Zod never tries.
 *
 * Zod's `config({ jitless: true })` is the documented way, but importing it from boot.tsx pulled 3.5 KB gzip of Zod
 * into every page's first JavaScript; Zod reads its configuration from this global, and takes one already there
 * (zod/v4/core/core.js). no-eval.test.ts fails if a Zod release reads it elsewhere. Imported first by boot.tsx.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// In place: a Zod already loaded holds this very object.
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
