/**
 * EIC area codes used with the transmission-data platform. Ukraine's codes come from
 * ../shared/data/formats/oree_formats.md (UA-IPS `10Y1001C--000182`, the BEI island
 * `10YUA-WEPS-----0`); the neighbours' and the regional bidding zones' codes are the platform's
 * published area codes (Y = bidding zone / control area).
 */
export const UA_IPS = '10Y1001C--000182';
export const UA_BEI = '10YUA-WEPS-----0';
export const UA_BZN = '10Y1001C--00003F';

/** Borders of the Ukrainian power system served by the flows read. */
export const BORDERS = ['PL', 'SK', 'HU', 'RO', 'MD'] as const;
export type Border = (typeof BORDERS)[number];


/** The 18 regional day-ahead zones of the multi-zone read (display values only). */
export const REGIONAL_ZONES = ['PL', 'SK', 'HU', 'RO', 'DE', 'CZ', 'AT', 'HR', 'BG', 'GR', 'LT', 'LV', 'EE', 'PT', 'BE', 'FR', 'NL', 'ES'] as const;
export type RegionalZone = (typeof REGIONAL_ZONES)[number];

export const ZONE_EIC: Record<RegionalZone, string> = {
  PL: '10YPL-AREA-----S',
  SK: '10YSK-SEPS-----K',
  HU: '10YHU-MAVIR----U',
  RO: '10YRO-TEL------P',
  DE: '10Y1001A1001A82H', // DE-LU bidding zone
  CZ: '10YCZ-CEPS-----N',
  AT: '10YAT-APG------L',
  HR: '10YHR-HEP------M',
  BG: '10YCA-BULGARIA-R',
  GR: '10YGR-HTSO-----Y',
  LT: '10YLT-1001A0008Q',
  LV: '10YLV-1001A00074',
  EE: '10Y1001A1001A39I',
  PT: '10YPT-REN------W',
  BE: '10YBE----------2',
  FR: '10YFR-RTE------C',
  NL: '10YNL----------L',
  ES: '10YES-REE------0',
};

export const BORDER_EIC: Record<Border, string> = {
  PL: ZONE_EIC.PL,
  SK: ZONE_EIC.SK,
  HU: ZONE_EIC.HU,
  RO: ZONE_EIC.RO,
  MD: '10Y1001A1001A990',
};

/** Production types (psrType) of A75 documents grouped into the mix the system read reports. */
export const MIX_GROUPS = ['nuclear', 'coal', 'gas', 'hydro', 'wind', 'solar', 'other'] as const;
export type MixGroup = (typeof MIX_GROUPS)[number];

export function mixGroupOf(psrType: string | undefined): MixGroup {
  switch (psrType) {
    case 'B14': return 'nuclear';
    case 'B02': case 'B05': case 'B03': return 'coal'; // lignite, hard coal, coal-derived gas
    case 'B04': return 'gas';
    case 'B10': case 'B11': case 'B12': return 'hydro';
    case 'B18': case 'B19': return 'wind';
    case 'B16': return 'solar';
    default: return 'other';
  }
}
