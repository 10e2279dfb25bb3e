/** Public entry of the email-templates feature, server only (services, routes helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { fillTemplate, preloadTemplates, renderEmail, type RenderedEmail, type TemplateValues } from './render-email';
