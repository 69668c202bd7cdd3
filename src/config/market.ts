/**
 * The market-data settings (docs/data.md): where the operator's and the exchange's data come from,
 * the client's timeouts and retries, the cache's freshness rules. Part of SvcConfig (config.ts).
 */
import { z } from 'zod';
import { httpUrl, int, optionalString } from './schema.js';

/**
 * The real public source each provider is written for: the default of its address setting.
 * Identifiers keep the spec's neutral words (mktop, tsoplatform); the addresses are configuration.
 * Tests never reach them (src/providers/guard.ts).
 */
export const DEFAULT_SOURCE_ADDRESSES = {
  /** The market operator OREE's public site (pricectr, indexes, PXS pages). */
  mktop: 'https://www.oree.com.ua',
  /** OREE's B2B API base (key required), docs/data.md. */
  mktopApi: 'https://api.oree.com.ua/index.php/api',
  /** The ENTSO-E Transparency Platform's REST API (security token required). */
  tsoplatform: 'https://web-api.tp.entsoe.eu/api',
  /** The National Bank of Ukraine's open exchange-rate API (no token). */
  rates: 'https://bank.gov.ua/NBUStatService/v1/statdirectory/exchange',
  /** The guaranteed buyer's public chart endpoint (solar and wind output; no token). */
  uares: 'https://www.gpee.com.ua',
} as const;

export const MARKET_ENV = {
  SVC_MARKET_DATA: z.enum(['live', 'fixture', 'auto']).default('auto'),
  SVC_MKTOP_BASE_URL: httpUrl.default(DEFAULT_SOURCE_ADDRESSES.mktop),
  SVC_MKTOP_API_BASE_URL: httpUrl.default(DEFAULT_SOURCE_ADDRESSES.mktopApi),
  SVC_MKTOP_API_KEY: optionalString,
  SVC_MKTOP_TIMEOUT_MS: int(100, 120_000).default(15_000),
  SVC_MKTOP_CONNECT_TIMEOUT_MS: int(100, 60_000).default(5_000),
  SVC_MKTOP_RETRIES: int(0, 5).default(2),
  SVC_MKTOP_CONCURRENCY: int(1, 16).default(2),
  SVC_MKTOP_TTL_MINUTES: int(1, 10_080).default(60),
  SVC_MKTOP_PUBLICATION_TIME: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM (Kyiv time)').default('13:00'),
  SVC_MKTOP_MAX_AGE_HOURS: int(1, 8_760).default(36),
  SVC_RATES_BASE_URL: httpUrl.default(DEFAULT_SOURCE_ADDRESSES.rates),
  SVC_UARES_BASE_URL: httpUrl.default(DEFAULT_SOURCE_ADDRESSES.uares),
  SVC_EXCH_AGREEMENT: optionalString,
  SVC_EXCH_SOURCE: optionalString,
};

type MarketEnv = z.infer<z.ZodObject<typeof MARKET_ENV>>;

export interface MarketConfig {
  /** Market data of the operator (mktop) and the exchange (exch). */
  marketData: {
    /** live: network (and its cache) only; fixture: shipped fixtures only; auto: live, falling back to cache, then fixtures. */
    mode: 'live' | 'fixture' | 'auto';
    mktop: {
      baseUrl: string;
      apiBaseUrl: string;
      /** B2B API key (secret), sent only as the X-API-KEY header. */
      apiKey: string | undefined;
      timeoutMs: number;
      connectTimeoutMs: number;
      retries: number;
      concurrency: number;
      ttlMinutes: number;
      publicationTime: string;
      maxAgeHours: number;
    };
    /** The central bank's official UAH/EUR rate (same mode, client timeouts and TTL as mktop). */
    rates: { baseUrl: string };
    /** The guaranteed buyer's solar and wind output (same mode, client timeouts and TTL as mktop). */
    uares: { baseUrl: string };
    exch: {
      /** Name of the redistribution agreement; the feed is off without one. */
      agreement: string | undefined;
      /** Licensed source: an http(s) URL or a file (docs/data.md, exchange indexes). */
      source: string | undefined;
    };
  };
}

export function marketConfigOf(e: MarketEnv): MarketConfig {
  return {
    marketData: {
      mode: e.SVC_MARKET_DATA,
      mktop: {
        baseUrl: e.SVC_MKTOP_BASE_URL,
        apiBaseUrl: e.SVC_MKTOP_API_BASE_URL,
        apiKey: e.SVC_MKTOP_API_KEY,
        timeoutMs: e.SVC_MKTOP_TIMEOUT_MS,
        connectTimeoutMs: e.SVC_MKTOP_CONNECT_TIMEOUT_MS,
        retries: e.SVC_MKTOP_RETRIES,
        concurrency: e.SVC_MKTOP_CONCURRENCY,
        ttlMinutes: e.SVC_MKTOP_TTL_MINUTES,
        publicationTime: e.SVC_MKTOP_PUBLICATION_TIME,
        maxAgeHours: e.SVC_MKTOP_MAX_AGE_HOURS,
      },
      rates: { baseUrl: e.SVC_RATES_BASE_URL },
      uares: { baseUrl: e.SVC_UARES_BASE_URL },
      exch: { agreement: e.SVC_EXCH_AGREEMENT, source: e.SVC_EXCH_SOURCE },
    },
  };
}
