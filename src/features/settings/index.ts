/** Public entry of the settings feature, shared by server and browser: what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { LEGAL_PAGES, legalPageSchema, siteContentSchema, type LegalPage, type LegalPageContent, type SiteContent } from './settings.schema';
