/** What other features may use of the settings feature. */
export { getPaymentSettings } from './server/settings.service';
