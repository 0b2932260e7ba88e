import {
  assessRisk,
  type DeviceAnalysis,
  type RiskCounts,
  type SuspiciousUser,
  type SuspiciousUsersQuery,
  type SuspiciousUsersResponse,
  type UserDevice,
} from '@rides/contract';
import type { Database } from '../../db/client.js';
import { pageRequest, type PageRequest } from '../../lib/admin-paging.js';
import { AppError } from '../../lib/errors.js';
import {
  listRiskFacts,
  matchingUsers,
  listUserDevices,
  periodDevices,
  orderedUsers,
  periodSignIns,
  userDetails,
  type UserOrder,
  userRiskFacts,
  type DeviceRow,
} from './device-management.repository.js';

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

/** A listed user as the listing sorts them; the name, email and sign-ins are read for the page's users. */
type Listed = Omit<SuspiciousUser, 'username' | 'email' | 'total_logins'>;

const RISK_ORDER: Record<SuspiciousUser['risk_level'], number> = { LOW: 1, MEDIUM: 2, HIGH: 3 };

/**
 * The suspicious users' order by device count or risk (002 §2.3): the asked column in the asked direction, ties by
 * user id so a page never reshuffles; by default the most devices first. Names, emails and sign-ins are ordered by the
 * database (orderedUsers).
 */
export function compareListed(page: Pick<PageRequest, 'sort' | 'descending'>) {
  const direction = page.descending ? -1 : 1;
  const by = (a: Listed, b: Listed): number =>
    page.sort === 'risk_level'
      ? RISK_ORDER[a.risk_level] - RISK_ORDER[b.risk_level]
      : a.device_count - b.device_count;
  return (a: Listed, b: Listed) => by(a, b) * direction || a.user_id - b.user_id;
}

/** The orders the database gives (decision 0035): by name, email or sign-ins; null for the counts the facts hold. */
const databaseOrder = (request: PageRequest): UserOrder | null =>
  request.sort === 'username' || request.sort === 'email' || request.sort === 'total_logins'
    ? { column: request.sort, descending: request.descending }
    : null;

export function createDeviceManagementService(deps: { db: Database; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const since = (daysBack: number) => new Date(now() - daysBack * DAY_MS);

  /**
   * The asked page of the listed users, and how many match the search. The database orders by name, email or
   * sign-ins and cuts the page (only its rows come back, with their sign-ins when it counted them); the counts and the
   * risk the facts hold are sorted here.
   */
  async function pageOf(listed: Listed[], request: PageRequest & { pageSize: number }, from: Date) {
    const order = databaseOrder(request);
    const byId = new Map(listed.map((u) => [u.user_id, u]));
    if (order) {
      const ordered = await orderedUsers(db, [...byId.keys()], {
        q: request.q,
        order,
        since: from,
        offset: request.offset,
        limit: request.pageSize,
      });
      return {
        page: ordered.page.map((r) => byId.get(r.userId)).filter((u) => u !== undefined),
        total: ordered.total,
        pageSignIns:
          order.column === 'total_logins'
            ? new Map(ordered.page.map((r) => [r.userId, r.signIns ?? 0]))
            : null,
      };
    }
    const matches = request.q ? new Set(await matchingUsers(db, [...byId.keys()], request.q)) : null;
    const sorted = (matches ? listed.filter((u) => matches.has(u.user_id)) : listed).sort(
      compareListed(request),
    );
    return {
      page: sorted.slice(request.offset, request.offset + request.pageSize),
      total: sorted.length,
      pageSignIns: null,
    };
  }

  return {
    /**
     * Users over the device threshold in the period, and those a rule flags below it (decision 0035): one page in the
     * asked order, of the asked risk level and search, with how many match and the listing's count per level. The facts
     * are read in one snapshot; names and sign-ins come back for the page's users only (pageOf).
     */
    async suspiciousUsers(
      query: SuspiciousUsersQuery,
    ): Promise<
      Pick<SuspiciousUsersResponse, 'suspicious_users' | 'page' | 'page_size' | 'total_count' | 'risk_counts'>
    > {
      const request = pageRequest(query);
      const from = since(query.days_back);
      // The facts in one snapshot (several statements).
      const facts = await db.transaction((tx) => listRiskFacts(tx, from, query.min_devices), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
      const risk_counts: RiskCounts = { HIGH: 0, MEDIUM: 0, LOW: 0 };
      let listed: Listed[] = facts.map((f) => {
        const risk = assessRisk(f);
        risk_counts[risk.risk_level] += 1;
        return { user_id: f.userId, device_count: f.deviceCount, ...risk };
      });
      if (query.risk) listed = listed.filter((u) => u.risk_level === query.risk);
      const { page, total, pageSignIns } = await pageOf(listed, request, from);
      const ids = page.map((u) => u.user_id);
      const details = await userDetails(db, ids);
      const signIns = pageSignIns ?? (await periodSignIns(db, ids, from));
      return {
        suspicious_users: page.map((u) => ({
          user_id: u.user_id,
          username: details.get(u.user_id)?.username ?? '',
          email: details.get(u.user_id)?.email ?? null,
          device_count: u.device_count,
          total_logins: signIns.get(u.user_id) ?? 0,
          risk_level: u.risk_level,
          reason: u.reason,
        })),
        page: request.page,
        page_size: request.pageSize,
        total_count: total,
        risk_counts,
      };
    },

    async userDevices(userId: number): Promise<UserDevice[]> {
      const rows = await listUserDevices(db, userId);
      if (!rows) throw new AppError('not_found');
      return rows.map(presentDevice);
    },

    async analysis(userId: number, daysBack: number): Promise<DeviceAnalysis> {
      const from = since(daysBack);
      const user = (await userDetails(db, [userId])).get(userId);
      if (!user) throw new AppError('not_found');
      const facts = await userRiskFacts(db, userId, from);
      const deviceCount = facts.deviceCount;
      const totalLogins = (await periodSignIns(db, [userId], from)).get(userId) ?? 0;
      const period = await periodDevices(db, userId, from);
      return {
        user_id: userId,
        username: user.username,
        email: user.email,
        days_back: daysBack,
        ...assessRisk(facts),
        device_count: deviceCount,
        total_logins: totalLogins,
        avg_logins_per_device: deviceCount > 0 ? Math.round((totalLogins / deviceCount) * 10) / 10 : 0,
        devices: period.devices.map(presentDevice),
        daily_logins: period.daily.map((d) => ({ day: d.day, device_id: d.deviceId, logins: d.logins })),
      };
    },
  };
}

export type DeviceManagementService = ReturnType<typeof createDeviceManagementService>;
