/** Public entry of the settings feature, server only (services, routes helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { cachedBrandName, GENERAL_KEY, preloadBrandName, readBrandName } from './brand-name';
export { resolveMailTransport, type MailEnv } from './mail-transport';
export { senderInUse } from './sender';
export { EMAIL_KEY, getDefaultTimezone, getPaymentSettings, isEmailConfigComplete, NOTIFY_KEY, readEmailConfig } from './settings.service';
export { adminSectionUrl, notifyOrganiser, organiserInbox, type OrganiserNotice } from './organiser-notifications';
