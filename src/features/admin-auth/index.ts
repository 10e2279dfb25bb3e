/** Public entry of the admin-auth feature, shared by server and browser (schemas, pure helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { totpChangeSchema, totpCodeSchema, totpSetupSchema, totpStatusSchema, type TotpCodeInput, type TotpSetup, type TotpStatus } from './admin-auth.schema';
