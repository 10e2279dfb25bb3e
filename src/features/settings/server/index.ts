/** Public entry of the settings feature, server only (services, routes helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { brandNameIn, cachedBrandName, preloadBrandName, readBrandName } from './brand-name';
export { resolveMailTransport, type MailEnv } from './mail-transport';
export { senderInUse } from './sender';
export { getDefaultTimezone, getPaymentSettings, isEmailConfigComplete, readEmailConfig } from './settings.service';
export { adminSectionUrl, notifyOrganiser, organiserInbox, type OrganiserNotice } from './organiser-notifications';
