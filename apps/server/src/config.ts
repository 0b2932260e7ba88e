import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  ADDRESSES,
  FEATURED_TRIP_IDS,
  pageLink,
  RECOMMENDED_TRIPS,
  type ForPlannersSettings,
} from '@rides/contract';
import type { RatesConfig } from './providers/rates/types.js';
import type { RoutingConfig } from './providers/routing/types.js';

/**
 * The only module that reads process.env. Every setting is validated here, with the embedded
 * defaults that let `npm start` run with no outside server. The README's table lists them all.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where the built places gazetteer is kept: one file per data version, shared by the build, tests and servers. */
export const PLACES_CACHE_DIR = join(repoRoot, 'apps/server/.tmp');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** "1, 719,183": trip ids in order (duplicates dropped). */
const tripIdList = z
  .string()
  .regex(/^\s*\d{1,9}(\s*,\s*\d{1,9})*\s*$/, 'comma-separated trip ids')
  .transform((v) => [...new Set(v.split(',').map((id) => Number(id.trim())))]);

/** An http(s) origin and nothing more (no path, query or user). */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) && url.origin === text.replace(/\/+$/, '');
  } catch {
    return false;
  }
}

/** "https://a.example https://b.example": origins only (no path), as a CSP source list needs them. */
const originList = z
  .string()
  .transform((v) => v.split(/[\s,]+/).filter(Boolean))
  .pipe(z.array(z.string().refine(isOrigin, 'an origin: scheme://host[:port]')))
  .transform((list) => list.map((u) => new URL(u).origin));

/** An http(s) address with a host (what a link to another site may be: a calendar, a demo). */
function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An http(s) address, or a path of this site ("/single_ride_with_map/1"; never "//host", which is another site). */
const linkOrPath = z
  .string()
  .refine(
    (v) => (v.startsWith('/') && !v.startsWith('//') && !v.includes('\\')) || isHttpUrl(v),
    'an http(s) address or a path starting with /',
  );

/** Booking.com's affiliate widget (the "flexiproduct" script that turns an <ins class="bookingaff"> into a map). */
export const DEFAULT_BOOKING_WIDGET_SCRIPT_URL =
  'https://cf.bstatic.com/static/affiliate_base/js/flexiproduct.js';

/** Where the reference exchange rates come from (issue 35): the sources' own addresses, unless RATES_URL names a mirror. */
export const DEFAULT_RATES_URLS = {
  ecb: 'https://www.ecb.europa.eu/stats/eurofxref',
  boi: 'https://edge.boi.gov.il/FusionEdgeServer/sdmx/v2',
} as const;

/** A routing service's answer is waited for this long, then the leg is estimated (issue 36: "within 2 s"). */
export const ROUTING_TIMEOUT_MS = 2000;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Embedded database, JWT secret, mail outbox and uploads live here. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL 14+; when unset the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /** Redis (redis://host:6379): rate limits and the sign-in lock shared by every process; unset = per process. */
  REDIS_URL: z.string().url().optional(),
  /** Load demo content into PostgreSQL too (it is always loaded into a new embedded database). */
  SEED_DEMO: bool.default(false),
  /** HS256 key of at least 32 characters; generated once into DATA_DIR/jwt-secret when unset. */
  JWT_SECRET: z.string().min(32).optional(),
  JWT_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  /**
   * The address users reach us at: the links the server makes (mails, the PDF and its QR code, the calendar feed, join
   * links). Unset: the address each request came in on (plugins/public-address.ts); production must set it.
   */
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: bool.default(false),
  /** A host with more dots than this is a white-label sub-domain, named by its first label (000 §9). */
  SUBDOMAIN_DOT_COUNT: z.coerce.number().int().min(0).max(10).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** smtp://user:pass@host:port or smtps://...; when unset mail goes to DATA_DIR/outbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('rides <no-reply@rides.local>'),
  /** How often (minutes) members mentioned in comments are mailed one digest of them (decision 0066); 0: never. */
  MENTION_DIGEST_MINUTES: z.coerce.number().int().min(0).max(1440).default(10),
  /** Where contact-form messages are sent. */
  OWNER_EMAIL: z.string().email().default('owner@rides.local'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  FACEBOOK_GRAPH_URL: z.string().url().default('https://graph.facebook.com'),
  FACEBOOK_AUTH_URL: z.string().url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  /** Folder of the built web app (history-mode SPA). */
  WEB_DIST: z.string().default(join(repoRoot, 'apps/web/dist')),
  /** The web app's server rendering (decision 0016): a directory with entry-server.js; without it pages are the plain shell. */
  WEB_SSR_DIST: z.string().optional(),
  /** Wrong passwords for one account from one address (or one trusted browser) before that pair answers 429. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Wrong passwords from one address over any accounts before the address answers 429 (decision 0052). */
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(30),
  /** An account's failures from unknown browsers, all addresses together, after which its attempts are spaced out. */
  LOGIN_ACCOUNT_SLOW_AFTER: z.coerce.number().int().min(1).default(50),
  /** The longest spacing between an account's attempts when slowed (decision 0052). */
  LOGIN_MAX_SPACING_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Wrong secrets (access keys, reset and sign-in links, feed tokens) from one address before it answers 429. */
  SECRET_LOOKUP_MAX_FAILURES: z.coerce.number().int().min(1).default(20),
  /** Where place search answers from (decision 0012); default google when GOOGLE_MAPS_API_KEY is set, else local. */
  PLACES_PROVIDER: z.enum(['local', 'google', 'osm']).optional(),
  /** Google Maps Platform key with the Places API (New) enabled. */
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  GOOGLE_MAPS_BASE_URL: z.string().url().default('https://places.googleapis.com'),
  /** A Nominatim server (your own: the public one forbids search-as-you-type). */
  OSM_GEOCODER_URL: z.string().url().optional(),
  /** An outside places service slower than this is answered for by the local source. */
  PLACES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** The home page's featured and recommended trips, comma-separated ids in order (decision 0004). */
  HOME_FEATURED_RIDE_IDS: tripIdList.default([...FEATURED_TRIP_IDS]),
  HOME_RECOMMENDED_RIDE_IDS: tripIdList.default(RECOMMENDED_TRIPS.map((r) => r.id)),
  /** Trips whose page shows no summary area (000 §2 "hidden for certain trip ids held in configuration"); none by default. */
  SUMMARY_HIDDEN_RIDE_IDS: tripIdList.optional(),
  /** AI text (get_place_ai_information): an OpenAI-compatible chat-completions server; unset = the feature is off (decision 0020). */
  LLM_BASE_URL: z.string().refine(isHttpUrl, 'an http(s) address').optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /**
   * Bookings by mail (issue 34): the port of the inbound SMTP listener, which takes mail to the trips' addresses
   * (<trip's address>@INBOUND_MAIL_DOMAIN); unset = no listener. Both must be set, or neither.
   */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().min(1).default('0.0.0.0'),
  /** The domain of the trips' addresses, whose MX record points at this server ("trips.example.com"). */
  INBOUND_MAIL_DOMAIN: z
    .string()
    .regex(
      /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
      'a domain name: trips.example.com',
    )
    .transform((v) => v.toLowerCase())
    .optional(),
  /** The home page's WhatsApp button: the number with its country code, digits only (wa.me); "none" hides it. */
  WHATSAPP_NUMBER: z
    .string()
    .regex(/^(none|\d{7,15})$/, 'digits with the country code, or none')
    .default('97235550100'),
  /**
   * Reference exchange rates of expenses (issue 35): the European Central Bank's daily rates (ecb), the Bank of Israel's
   * representative rates (boi), or none (no fetching: only rates already kept in the database).
   */
  RATES_PROVIDER: z.enum(['ecb', 'boi', 'none']).default('ecb'),
  /** The provider's base address instead of its own (a mirror; the tests' local server). */
  RATES_URL: z.string().refine(isHttpUrl, 'an http(s) address').optional(),
  /** A rates provider slower than this is not waited for: the newest kept rate is used, marked to confirm. */
  RATES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /**
   * Legs of a day (issue 36, decision 0071): the road router asked for walking, driving and cycling times (OSRM,
   * Valhalla or GraphHopper, at ROUTING_URL), or none (the embedded estimate: no service needed).
   */
  ROUTING_PROVIDER: z.enum(['none', 'osrm', 'valhalla', 'graphhopper']).default('none'),
  /** The router's address; {profile} in it is replaced by the mode's profile (one OSRM server per profile). */
  ROUTING_URL: z.string().refine(isHttpUrl, 'an http(s) address').optional(),
  /** A MOTIS-compatible journey planner for public transport (its /api/v1/plan); unset: public transport is estimated. */
  TRANSIT_URL: z.string().refine(isHttpUrl, 'an http(s) address').optional(),
  /** Where uploaded images go (decision 0018): the data folder (served at /uploads/) unless S3_BUCKET is set. */
  STORAGE_PROVIDER: z.enum(['local', 's3']).optional(),
  /** An S3-compatible bucket: its endpoint (https://s3.eu-west-1.amazonaws.com, a MinIO or R2 address), path-style. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The public address of the bucket's objects (a CDN); default: the endpoint and the bucket. */
  S3_PUBLIC_URL: z.string().url().optional(),
  /**
   * /booking's partner hotel map (000 §2): the partner's widget script, loaded by the page; "none" turns the map off.
   * The default is Booking.com's affiliate widget. Its origin is allowed in the pages' script-src.
   */
  BOOKING_WIDGET_SCRIPT_URL: z
    .union([z.literal('none'), z.string().url()])
    .default(DEFAULT_BOOKING_WIDGET_SCRIPT_URL),
  /** Origins the widget shows its map from, in frames (space- or comma-separated); allowed in frame-src. */
  BOOKING_WIDGET_FRAME_ORIGINS: originList.default(['https://www.booking.com']),
  /** Our affiliate id with the partner, for trips that have no booking mapping of their own. */
  BOOKING_AID: z
    .string()
    .regex(/^[\w-]{1,64}$/, 'letters, digits, _ and -')
    .optional(),
  /**
   * The planners landing page (/for-planners, 002 §2.8, decision 0031). Its contact action is the first of these that
   * is set: the calendar, WhatsApp (with the prefilled message), a phone call, an e-mail, else the contact form.
   * "none" unsets one that has a default.
   */
  PLANNERS_DEMO_URL: z
    .union([z.literal('none'), linkOrPath])
    .default(pageLink(ADDRESSES.trip, { rideId: 1 })),
  PLANNERS_CALENDAR_URL: z.string().refine(isHttpUrl, 'an http(s) address').optional(),
  PLANNERS_WHATSAPP_NUMBER: z
    .string()
    .regex(/^(none|\d{7,15})$/, 'digits with the country code, or none')
    .optional(),
  /** The prefilled WhatsApp message; unset = the page's own text in the visitor's language. */
  PLANNERS_WHATSAPP_MESSAGE: z.string().max(500).optional(),
  PLANNERS_PHONE: z
    .string()
    .regex(/^\+?[\d\s-]{7,20}$/, 'a phone number: digits, spaces, dashes, an optional leading +')
    .optional(),
  PLANNERS_EMAIL: z.string().email().optional(),
  /** The footer's social link (a page of the product on a social network). */
  PLANNERS_SOCIAL_URL: z.string().refine(isHttpUrl, 'an http(s) address').optional(),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where rate limits and the sign-in lock are counted across processes (decision 0006); undefined = in memory. */
  redisUrl: string | undefined;
  seedDemo: boolean;
  jwtSecret: Uint8Array;
  jwtTtlHours: number;
  /** PUBLIC_URL without a trailing slash, or null: then links take the request's address (plugins/public-address.ts). */
  publicUrl: string | null;
  trustProxy: boolean;
  subdomainDotCount: number;
  logLevel: string;
  mail: { smtpUrl: string | undefined; from: string; ownerEmail: string; outboxDir: string };
  /** Minutes between the mentions' digest runs (0: never). */
  mentionDigestMinutes: number;
  google: { clientId: string | undefined; issuer: string; jwksUrl: string; authUrl: string };
  facebook: { appId: string | undefined; appSecret: string | undefined; graphUrl: string; authUrl: string };
  webDist: string;
  webSsrDist: string;
  login: {
    maxFailures: number;
    lockMinutes: number;
    addressMaxFailures: number;
    accountSlowAfter: number;
    maxSpacingSeconds: number;
  };
  /** Wrong guesses of a secret from one address before it is locked for lockMinutes (decision 0052). */
  secretLookups: { maxFailures: number; lockMinutes: number };
  places: {
    provider: 'local' | 'google' | 'osm';
    googleApiKey: string | undefined;
    googleBaseUrl: string;
    osmUrl: string | undefined;
    timeoutMs: number;
    /** Where the built gazetteer file is kept (shared by `npm run build`, tests and every server of this checkout). */
    cacheDir: string;
    /** How we name ourselves to Nominatim. */
    userAgent: string;
  };
  home: { featuredRideIds: number[]; recommendedRideIds: number[]; whatsappNumber: string | null };
  /** Trips whose page hides its summary area (ride_attractions_api says `summaryHidden`). */
  summaryHiddenRideIds: ReadonlySet<number>;
  /** The inbound SMTP listener of bookings by mail (issue 34); null = not configured. */
  inboundMail: { port: number; host: string; domain: string } | null;
  /** The AI text provider (decision 0020); baseUrl undefined = not configured. */
  llm: { baseUrl: string | undefined; model: string; apiKey: string | undefined; timeoutMs: number };
  storage: StorageConfig;
  /** The reference exchange rates' provider (issue 35); provider null = none (only the rates kept are used). */
  rates: RatesConfig;
  /** The routing services of the legs (issue 36); provider null and transitUrl null = everything estimated. */
  routing: RoutingConfig;
  /** /booking's partner map; scriptUrl null = turned off. */
  booking: { scriptUrl: string | null; frameOrigins: string[]; aid: string | null };
  /** The planners landing page's settings (decision 0031); null = not set. Public: sent in /api/client_config. */
  forPlanners: ForPlannersSettings;
}

export type StorageConfig =
  | { provider: 'local'; dir: string; publicPath: string }
  | {
      provider: 's3';
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      publicUrl: string;
    };

function storageConfig(e: z.output<typeof envSchema>, dataDir: string): StorageConfig {
  const provider = e.STORAGE_PROVIDER ?? (e.S3_BUCKET ? 's3' : 'local');
  if (provider === 'local') return { provider, dir: join(dataDir, 'uploads'), publicPath: '/uploads' };
  if (!e.S3_ENDPOINT || !e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  STORAGE_PROVIDER: s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  }
  const endpoint = e.S3_ENDPOINT.replace(/\/+$/, '');
  return {
    provider,
    endpoint,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    publicUrl: (e.S3_PUBLIC_URL ?? `${endpoint}/${e.S3_BUCKET}`).replace(/\/+$/, ''),
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the secret from the environment, else from DATA_DIR, else makes one and keeps it there. */
function resolveJwtSecret(fromEnv: string | undefined, dataDir: string): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings in the environment mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(process.cwd(), e.DATA_DIR);
  const placesProvider = e.PLACES_PROVIDER ?? (e.GOOGLE_MAPS_API_KEY ? 'google' : 'local');
  if (placesProvider === 'google' && !e.GOOGLE_MAPS_API_KEY) {
    throw new ConfigError('Invalid configuration:\n  PLACES_PROVIDER: google needs GOOGLE_MAPS_API_KEY');
  }
  if (placesProvider === 'osm' && !e.OSM_GEOCODER_URL) {
    throw new ConfigError('Invalid configuration:\n  PLACES_PROVIDER: osm needs OSM_GEOCODER_URL');
  }
  // A mailed reset link made from a request's Host header could point at another site: production names its address.
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: required in production (the address of the links in mails and PDFs)',
    );
  }
  if ((e.INBOUND_SMTP_PORT === undefined) !== (e.INBOUND_MAIL_DOMAIN === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  INBOUND_SMTP_PORT: the inbound mail listener needs both INBOUND_SMTP_PORT and INBOUND_MAIL_DOMAIN',
    );
  }
  if (e.ROUTING_PROVIDER !== 'none' && !e.ROUTING_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  ROUTING_URL: ROUTING_PROVIDER=${e.ROUTING_PROVIDER} needs the router's address (ROUTING_URL)`,
    );
  }
  const publicUrl = e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : null;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    seedDemo: e.SEED_DEMO,
    jwtSecret: resolveJwtSecret(e.JWT_SECRET, dataDir),
    jwtTtlHours: e.JWT_TTL_HOURS,
    publicUrl,
    trustProxy: e.TRUST_PROXY,
    subdomainDotCount: e.SUBDOMAIN_DOT_COUNT,
    logLevel: e.LOG_LEVEL,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      ownerEmail: e.OWNER_EMAIL,
      outboxDir: join(dataDir, 'outbox'),
    },
    mentionDigestMinutes: e.MENTION_DIGEST_MINUTES,
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      issuer: e.GOOGLE_ISSUER,
      jwksUrl: e.GOOGLE_JWKS_URL,
      authUrl: e.GOOGLE_AUTH_URL,
    },
    facebook: {
      appId: e.FACEBOOK_APP_ID,
      appSecret: e.FACEBOOK_APP_SECRET,
      graphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/+$/, ''),
      authUrl: e.FACEBOOK_AUTH_URL,
    },
    webDist: e.WEB_DIST,
    webSsrDist: e.WEB_SSR_DIST ?? join(e.WEB_DIST, '..', 'dist-ssr'),
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      lockMinutes: e.LOGIN_LOCK_MINUTES,
      addressMaxFailures: e.LOGIN_ADDRESS_MAX_FAILURES,
      accountSlowAfter: e.LOGIN_ACCOUNT_SLOW_AFTER,
      maxSpacingSeconds: e.LOGIN_MAX_SPACING_SECONDS,
    },
    secretLookups: { maxFailures: e.SECRET_LOOKUP_MAX_FAILURES, lockMinutes: e.LOGIN_LOCK_MINUTES },
    places: {
      provider: placesProvider,
      googleApiKey: e.GOOGLE_MAPS_API_KEY,
      googleBaseUrl: e.GOOGLE_MAPS_BASE_URL,
      osmUrl: e.OSM_GEOCODER_URL,
      timeoutMs: e.PLACES_TIMEOUT_MS,
      cacheDir: PLACES_CACHE_DIR,
      userAgent: `rides-trip-planner (${publicUrl ?? 'embedded'})`,
    },
    summaryHiddenRideIds: new Set(e.SUMMARY_HIDDEN_RIDE_IDS ?? []),
    home: {
      featuredRideIds: e.HOME_FEATURED_RIDE_IDS,
      recommendedRideIds: e.HOME_RECOMMENDED_RIDE_IDS,
      whatsappNumber: e.WHATSAPP_NUMBER === 'none' ? null : e.WHATSAPP_NUMBER,
    },
    inboundMail:
      e.INBOUND_SMTP_PORT !== undefined && e.INBOUND_MAIL_DOMAIN
        ? { port: e.INBOUND_SMTP_PORT, host: e.INBOUND_SMTP_HOST, domain: e.INBOUND_MAIL_DOMAIN }
        : null,
    llm: {
      baseUrl: e.LLM_BASE_URL?.replace(/\/+$/, ''),
      model: e.LLM_MODEL,
      apiKey: e.LLM_API_KEY,
      timeoutMs: e.LLM_TIMEOUT_MS,
    },
    storage: storageConfig(e, dataDir),
    rates: {
      provider: e.RATES_PROVIDER === 'none' ? null : e.RATES_PROVIDER,
      baseUrl: (
        e.RATES_URL ?? (e.RATES_PROVIDER === 'none' ? DEFAULT_RATES_URLS.ecb : DEFAULT_RATES_URLS[e.RATES_PROVIDER])
      ).replace(/\/+$/, ''),
      timeoutMs: e.RATES_TIMEOUT_MS,
    },
    routing: {
      provider: e.ROUTING_PROVIDER === 'none' ? null : e.ROUTING_PROVIDER,
      url: e.ROUTING_PROVIDER === 'none' ? null : (e.ROUTING_URL?.replace(/\/+$/, '') ?? null),
      transitUrl: e.TRANSIT_URL?.replace(/\/+$/, '') ?? null,
      timeoutMs: ROUTING_TIMEOUT_MS,
    },
    booking: {
      scriptUrl: e.BOOKING_WIDGET_SCRIPT_URL === 'none' ? null : e.BOOKING_WIDGET_SCRIPT_URL,
      frameOrigins: e.BOOKING_WIDGET_FRAME_ORIGINS,
      aid: e.BOOKING_AID ?? null,
    },
    forPlanners: {
      demoUrl: e.PLANNERS_DEMO_URL === 'none' ? null : e.PLANNERS_DEMO_URL,
      calendarUrl: e.PLANNERS_CALENDAR_URL ?? null,
      // The home page's WhatsApp number unless the planners have their own ("none": no WhatsApp on this page).
      whatsappNumber:
        e.PLANNERS_WHATSAPP_NUMBER === 'none'
          ? null
          : (e.PLANNERS_WHATSAPP_NUMBER ?? (e.WHATSAPP_NUMBER === 'none' ? null : e.WHATSAPP_NUMBER)),
      whatsappMessage: e.PLANNERS_WHATSAPP_MESSAGE?.trim() || null,
      phone: e.PLANNERS_PHONE?.trim() ?? null,
      email: e.PLANNERS_EMAIL ?? null,
      socialUrl: e.PLANNERS_SOCIAL_URL ?? null,
    },
  };
}
