import { z } from 'zod';
import { orderParam, paging, pageInfo } from './admin-paging.js';
import { envelope } from './envelope.js';

/**
 * Device management (002 §2.3, §3, §4, §9; issue 21 points 1, 2; decision 0035): the platform admin's view of who signs
 * in from how many devices, to catch a password passed around. The wire keeps the spec's names (suspicious_users,
 * user_devices, device_analysis; snake_case fields, `status` and `message` beside our envelope).
 */

/**
 * 002 §5 / §9: the filter choices and their defaults. The spec's client filters the risk level, sorts and pages; ours
 * asks the server (decision 0035, "Paged on the server"): the widest filter lists a fifth of the users.
 */
export const MIN_DEVICES_CHOICES = [3, 4, 5, 6, 10] as const;
export const DAYS_BACK_CHOICES = [1, 3, 7, 14, 30] as const;
export const DEFAULT_MIN_DEVICES = 4;
export const DEFAULT_DAYS_BACK = 7;
/** The analysis period is fixed at 30 days (002 §2.3). */
export const ANALYSIS_DAYS_BACK = 30;

export const RISK_LEVELS = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/**
 * What a device count misses (issue 21 point 2), as thresholds the server's queries and assessRisk share:
 * - two devices whose clocks are set to different time zones signing in within `overlapMinutes` of each other: one
 *   person does not sign in from Tel Aviv and New York twenty minutes apart;
 * - `burstNewDevices` or more devices first seen within `burstHours`: a password just handed out.
 */
export const RISK_RULES = {
  overlapMinutes: 60,
  burstNewDevices: 3,
  burstHours: 24,
  /** Device counts over the period: HIGH from 6 (the spec's danger colour), MEDIUM from 4 (its default listing). */
  highDevices: 6,
  mediumDevices: 4,
} as const;

/** Why a risk level was given; the client shows each as a sentence in the user's language. */
export const RISK_REASONS = [
  'far_apart_at_once',
  'many_devices',
  'burst_of_new_devices',
  'several_devices',
  'normal_use',
] as const;
export type RiskReason = (typeof RISK_REASONS)[number];

/** The facts of one user over a period, as the server's query reads them. */
export interface RiskFacts {
  deviceCount: number;
  /** Minutes between the closest two sign-ins by devices in different time zones, or null when none came close. */
  farApartMinutes: number | null;
  /** The most devices first seen within any `burstHours` window of the period. */
  newDevicesInBurst: number;
}

/**
 * The one risk rule (decision 0035), first match wins: HIGH when two devices far apart were used at once, when there
 * are 6 or more devices, or when 3 or more new devices appeared within a day; MEDIUM from 4 devices; LOW otherwise.
 */
export function assessRisk(f: RiskFacts): { risk_level: RiskLevel; reason: RiskReason } {
  if (f.farApartMinutes !== null && f.farApartMinutes <= RISK_RULES.overlapMinutes)
    return { risk_level: 'HIGH', reason: 'far_apart_at_once' };
  if (f.deviceCount >= RISK_RULES.highDevices) return { risk_level: 'HIGH', reason: 'many_devices' };
  if (f.newDevicesInBurst >= RISK_RULES.burstNewDevices)
    return { risk_level: 'HIGH', reason: 'burst_of_new_devices' };
  if (f.deviceCount >= RISK_RULES.mediumDevices) return { risk_level: 'MEDIUM', reason: 'several_devices' };
  return { risk_level: 'LOW', reason: 'normal_use' };
}

/** Query numbers arrive as text; a bad one is refused with 400 (not silently defaulted). */
const positiveInt = (max: number, fallback: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

/** The suspicious users table's sortable columns (002 §2.3); the default is the most devices first. */
export const SUSPICIOUS_SORTS = ['email', 'username', 'device_count', 'total_logins', 'risk_level'] as const;
export type SuspiciousSort = (typeof SUSPICIOUS_SORTS)[number];

/**
 * GET /suspicious_users?min_devices&days_back, and the listing's risk (one level; all without it), page, page_size,
 * sort, order and q (a part of the name or email).
 */
export const suspiciousUsersQuery = z.strictObject({
  min_devices: positiveInt(1000, DEFAULT_MIN_DEVICES),
  days_back: positiveInt(365, DEFAULT_DAYS_BACK),
  risk: z.enum(RISK_LEVELS, { message: 'invalid_risk_level' }).optional(),
  ...paging,
  sort: z.enum(SUSPICIOUS_SORTS, { message: 'invalid_sort' }).optional(),
  order: orderParam.optional(),
});
export type SuspiciousUsersQuery = z.infer<typeof suspiciousUsersQuery>;

export const suspiciousUser = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  device_count: z.number().int(),
  total_logins: z.number().int(),
  risk_level: z.enum(RISK_LEVELS),
  reason: z.enum(RISK_REASONS),
});
export type SuspiciousUser = z.infer<typeof suspiciousUser>;

/** How many of the period's listed users each risk level has (before the risk filter and the search). */
export const riskCounts = z.object({
  HIGH: z.number().int(),
  MEDIUM: z.number().int(),
  LOW: z.number().int(),
});
export type RiskCounts = z.infer<typeof riskCounts>;

export const suspiciousUsersResponse = envelope({
  status: z.literal('success'),
  /** One page of the listed users (see page, page_size, total_count). */
  suspicious_users: z.array(suspiciousUser),
  ...pageInfo,
  risk_counts: riskCounts.optional(),
});
export type SuspiciousUsersResponse = z.infer<typeof suspiciousUsersResponse>;

/** A path's user id: a positive integer, else 400. */
export const userIdParams = z.strictObject({ userId: z.coerce.number().int().min(1).max(2_147_483_647) });

export const userDevice = z.object({
  id: z.number().int(),
  device_name: z.string().nullable(),
  fingerprint: z.string(),
  /** ISO 8601 times (the client formats them: today, yesterday, N days ago). */
  first_login: z.string(),
  last_login: z.string(),
  login_count: z.number().int(),
  user_agent: z.string().nullable(),
});
export type UserDevice = z.infer<typeof userDevice>;

/** GET /user_devices/{userId}: every device of the user, the most recently used first. */
export const userDevicesResponse = envelope({
  status: z.literal('success'),
  devices: z.array(userDevice),
  message: z.string(),
});
export type UserDevicesResponse = z.infer<typeof userDevicesResponse>;

/** GET /device_analysis/{userId}?days_back (default 30). */
export const deviceAnalysisQuery = z.strictObject({ days_back: positiveInt(365, ANALYSIS_DAYS_BACK) });

export const deviceAnalysis = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  days_back: z.number().int(),
  risk_level: z.enum(RISK_LEVELS),
  reason: z.enum(RISK_REASONS),
  device_count: z.number().int(),
  total_logins: z.number().int(),
  avg_logins_per_device: z.number(),
  /** The devices used in the period, with their sign-ins in it (login_count here is the period's). */
  devices: z.array(userDevice),
  /** Sign-ins per day per device over the period (the analysis chart); days as YYYY-MM-DD in UTC. */
  daily_logins: z.array(z.object({ day: z.string(), device_id: z.number().int(), logins: z.number().int() })),
});
export type DeviceAnalysis = z.infer<typeof deviceAnalysis>;

export const deviceAnalysisResponse = envelope({ status: z.literal('success'), analysis: deviceAnalysis });
export type DeviceAnalysisResponse = z.infer<typeof deviceAnalysisResponse>;
