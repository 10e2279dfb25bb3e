/** Public entry of the follow-up calls, server only: what the app may import (docs/decisions/013-import-boundaries.md). */
export { callRoutes } from './calls.routes';
export { callsDepsFrom, type CallsDeps } from './calls-deps';
export { sendCallNotices } from './send-call-notices';
export { CALLS_KEY, callsPerSeat, followUpCallsParagraph } from './call-settings';
