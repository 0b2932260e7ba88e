import { assessRisk, type DeviceAnalysis, type SuspiciousUser, type UserDevice } from '@rides/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { listRiskFacts, listUserDevices, periodDevices, userRiskFacts, type DeviceRow } from './device-management.repository.js';

/**
 * Device management (002 §2.3; decision 0035): who signs in from how many devices, and how risky that looks. Only a
 * platform admin reaches these calls (the routes' requireAdmin); the risk is the contract's one rule, assessRisk.
 */
const DAY_MS = 86_400_000;

const presentDevice = (d: DeviceRow): UserDevice => ({
  id: d.id,
  device_name: d.deviceName,
  fingerprint: d.fingerprint,
  first_login: d.firstLogin.toISOString(),
  last_login: d.lastLogin.toISOString(),
  login_count: d.loginCount,
  user_agent: d.userAgent,
});

export function createDeviceManagementService(deps: { db: Database; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const since = (daysBack: number) => new Date(now() - daysBack * DAY_MS);

  return {
    /** Users over the device threshold in the period, and those a rule flags below it; most devices first. */
    async suspiciousUsers(minDevices: number, daysBack: number): Promise<SuspiciousUser[]> {
      const rows = await listRiskFacts(db, since(daysBack), minDevices);
      return rows.map((r) => ({
        user_id: r.userId,
        username: r.username,
        email: r.email,
        device_count: r.deviceCount,
        total_logins: r.totalLogins,
        ...assessRisk(r),
      }));
    },

    async userDevices(userId: number): Promise<UserDevice[]> {
      const rows = await listUserDevices(db, userId);
      if (!rows) throw new AppError('not_found');
      return rows.map(presentDevice);
    },

    async analysis(userId: number, daysBack: number): Promise<DeviceAnalysis> {
      const from = since(daysBack);
      const facts = await userRiskFacts(db, userId, from);
      if (!facts) throw new AppError('not_found');
      const period = await periodDevices(db, userId, from);
      return {
        user_id: userId,
        username: facts.username,
        email: facts.email,
        days_back: daysBack,
        ...assessRisk(facts),
        device_count: facts.deviceCount,
        total_logins: facts.totalLogins,
        avg_logins_per_device: facts.deviceCount > 0 ? Math.round((facts.totalLogins / facts.deviceCount) * 10) / 10 : 0,
        devices: period.devices.map(presentDevice),
        daily_logins: period.daily.map((d) => ({ day: d.day, device_id: d.deviceId, logins: d.logins })),
      };
    },
  };
}

export type DeviceManagementService = ReturnType<typeof createDeviceManagementService>;
