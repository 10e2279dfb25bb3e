/** Public entry of the email-templates feature, shared by server and browser (schemas, pure helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export type { EmailTemplateType } from './email-template-types';
