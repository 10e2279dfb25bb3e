/**
 * The organiser's name and one-line description, shared by the public site and the e-mails.
 */
export const SITE_NAME = 'Vibe Coding Workshop';
export const SITE_TAGLINE = 'Live online workshops on building software prototypes with no-code tools.';
