/** Public entry of the date-messages feature, server only: what other features and the roots may use (docs/decisions/013-import-boundaries.md). */
export { copyDefaultScheduledMessages } from './default-messages';
export { dateMessagesRoutes } from './date-messages.routes';
export { queueDateMessage, DATE_MESSAGE_KIND, type DateMessageToQueue } from './queue-date-message';
export { liveRecipients, type Recipient } from './recipients';
export { sendDueScheduledMessages, type ScheduleDeps } from './send-due-scheduled-messages';
