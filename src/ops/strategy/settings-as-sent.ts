/** The settings records as a caller sent them, and the `generatedAt` stamp: pieces shared by several operations' schemas. */
import { IsoDateTime } from '../../domain/common.js';
import { BessSettings, TradingSettings, bounded } from '../../domain/settings.js';

/** When an op's response was produced (ISO 8601). */
export const GeneratedAt = IsoDateTime;

/**
 * The spec's settings records with the two defaulted keys left optional: lets an op see which keys
 * were sent (risk markers, brief coverage). Every other bound comes from the domain schema.
 */
export const TradingSettingsAsSent = TradingSettings.extend({
  feeUahPerMwh: bounded('feeUahPerMwh').optional().describe('Fee per MWh on each leg, UAH/MWh. Default 0; omitting it is reported as not supplied.'),
});
export const BessSettingsAsSent = BessSettings.extend({
  degradationCostUahMwh: bounded('degradationCostUahMwh').optional().describe('Wear cost per MWh discharged, UAH/MWh. Default 0; omitting it is reported as not supplied.'),
});
