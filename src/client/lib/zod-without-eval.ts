/**
 * zod 4 tries `new Function('')` once to learn whether it may compile its parsers. Our
 * Content-Security-Policy forbids eval, so the browser refuses it and reports a CSP violation on
 * every page that loads a form, although zod carries on without. zod's `jitless` setting skips
 * that probe. It is set through the global zod reads its settings from (zod/v4/core/core.js:
 * `globalThis.__zod_globalConfig`), because `z.config()` would pull zod into the entry chunk,
 * which the landing page loads and never needs zod for.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
