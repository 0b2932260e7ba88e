import {
  DEFAULT_USAGE_DAYS_BACK,
  monthOf,
  monthRange,
  monthsUpTo,
  startDateProblem,
  USAGE_CHART_MONTHS,
  type BillingResponse,
  type OneTimeUsageManager,
  type PdfExportManager,
} from '@rides/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import {
  billingPerPlanner,
  billingRides,
  findPlanner,
  monthlyUse,
  oneTimeUses,
  pdfExportsPerRide,
  plannerPdfExports,
} from './planner-usage.repository.js';

/**
 * Planners' billing, PDF exports and one-time usage (002 §2.4, §2.5; decision 0038), for the platform admin only (the
 * routes' requireAdmin). The counting is SQL (planner-usage.repository.ts); this file picks the period, refuses an
 * unknown planner and shapes the wire.
 */
const DAY_MS = 86_400_000;

export function createPlannerUsageService(deps: { db: Database; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function plannerOr404(id: number) {
    const planner = await findPlanner(db, id);
    if (!planner) throw new AppError('not_found');
    return planner;
  }

  return {
    /** The month's billing per planner; with a planner id, theirs only, with their trips and last months. */
    async billing(
      month: string | undefined,
      managerId: number | undefined,
    ): Promise<Omit<BillingResponse, 'ServerMassageCode' | 'message'>> {
      const m = month ?? monthOf(now());
      const { from, to } = monthRange(m);
      if (managerId === undefined) {
        const rows = await billingPerPlanner(db, from, to);
        return { month: m, billing_data: rows.map(presentManager), rides: [], monthly: [] };
      }
      const planner = await plannerOr404(managerId);
      const months = monthsUpTo(m, USAGE_CHART_MONTHS);
      const [rows, rides, monthly] = await Promise.all([
        billingPerPlanner(db, from, to, managerId),
        billingRides(db, managerId, from, to),
        monthlyUse(db, managerId, monthRange(months[0] as string).from, to),
      ]);
      const mine = rows.find((r) => r.id === managerId);
      const byMonth = new Map(monthly.map((x) => [x.month, x]));
      return {
        month: m,
        billing_data: [
          presentManager(
            mine ?? { ...planner, rides: 0, shares: 0, days: 0, exports: 0, firstUse: null, lastUse: null },
          ),
        ],
        rides: rides.map((r) => ({
          manager_id: managerId,
          ride_id: r.rideId,
          title: r.title,
          number_of_days: r.days,
          number_of_shares: r.shares,
          number_of_pdf_exports: r.exports,
          first_shared_date: r.firstShare,
          last_shared_date: r.lastShare,
        })),
        // Every month of the chart, a month without use as zeros (the chart shows the gap).
        monthly: months.map((mo) => {
          const x = byMonth.get(mo);
          return {
            month: mo,
            total_rides: x?.rides ?? 0,
            total_shares: x?.shares ?? 0,
            total_pdf_exports: x?.exports ?? 0,
          };
        }),
      };
    },

    /** The month's PDF exports per planner and trip; with a planner id, theirs only, each export listed. */
    async pdfExportInfo(
      month: string | undefined,
      managerId: number | undefined,
    ): Promise<{ month: string; pdf_export_info: PdfExportManager[] }> {
      const m = month ?? monthOf(now());
      const { from, to } = monthRange(m);
      const planner = managerId === undefined ? undefined : await plannerOr404(managerId);
      const [rides, exports] = await Promise.all([
        pdfExportsPerRide(db, from, to, managerId ?? null),
        managerId === undefined ? Promise.resolve(undefined) : plannerPdfExports(db, managerId, from, to),
      ]);
      const managers = new Map<number, PdfExportManager>();
      if (planner)
        managers.set(planner.id, {
          manager_id: planner.id,
          username: planner.username,
          total_pdf_exports: 0,
          total_rides: 0,
          rides: [],
        });
      for (const r of rides) {
        let entry = managers.get(r.managerId);
        if (!entry) {
          entry = {
            manager_id: r.managerId,
            username: r.username,
            total_pdf_exports: 0,
            total_rides: 0,
            rides: [],
          };
          managers.set(r.managerId, entry);
        }
        entry.total_pdf_exports += r.exports;
        entry.total_rides += 1;
        entry.rides.push({
          ride_id: r.rideId,
          title: r.title,
          number_of_days: r.days,
          number_of_shares: r.shares,
          start_date: r.startDate,
          end_date: r.endDate,
          number_of_pdf_exports: r.exports,
          first_pdf_export_date: r.firstExport,
          last_pdf_export_date: r.lastExport,
          ...(exports
            ? {
                pdf_exports: exports
                  .filter((e) => e.rideId === r.rideId)
                  .map((e) => ({
                    id: e.id,
                    ride_title: e.rideTitle,
                    ride_start_date: e.rideStartDate,
                    ride_end_date: e.rideEndDate,
                    created_at: e.createdAt,
                  })),
              }
            : {}),
        });
      }
      return {
        month: m,
        pdf_export_info: [...managers.values()].sort(
          (a, b) => b.total_pdf_exports - a.total_pdf_exports || a.manager_id - b.manager_id,
        ),
      };
    },

    /** Uses of one-time links since the start date (default DEFAULT_USAGE_DAYS_BACK days ago), per planner and trip. */
    async oneTimeUsage(
      startDate: string | undefined,
    ): Promise<{ start_date: string; usage_data: OneTimeUsageManager[] }> {
      const today = new Date(now()).toISOString().slice(0, 10);
      const start =
        startDate ?? new Date(now() - DEFAULT_USAGE_DAYS_BACK * DAY_MS).toISOString().slice(0, 10);
      const problem = startDateProblem(start, today);
      if (problem) throw new AppError(problem);
      const rows = await oneTimeUses(db, new Date(`${start}T00:00:00Z`));
      const managers = new Map<number, OneTimeUsageManager>();
      for (const r of rows) {
        let m = managers.get(r.managerId);
        if (!m) {
          m = {
            manager_id: r.managerId,
            manager_username: r.username,
            manager_email: r.email,
            total_rides: 0,
            total_accesses: 0,
            rides: [],
          };
          managers.set(r.managerId, m);
        }
        m.rides.push({
          ride_id: r.rideId,
          ride_title: r.title,
          duration_days: r.days,
          ride_start_date: r.startDate,
          ride_end_date: r.endDate,
          users: r.accesses,
        });
        m.total_rides += 1;
        m.total_accesses += r.accesses.length;
      }
      return {
        start_date: start,
        usage_data: [...managers.values()].sort(
          (a, b) => b.total_accesses - a.total_accesses || a.manager_id - b.manager_id,
        ),
      };
    },
  };
}

function presentManager(r: {
  id: number;
  username: string;
  email: string | null;
  rides: number;
  shares: number;
  days: number;
  exports: number;
  firstUse: string | null;
  lastUse: string | null;
}) {
  return {
    manager_id: r.id,
    username: r.username,
    email: r.email,
    total_rides: r.rides,
    total_shares: r.shares,
    total_days: r.days,
    total_pdf_exports: r.exports,
    first_ride: r.firstUse,
    last_ride: r.lastUse,
  };
}

export type PlannerUsageService = ReturnType<typeof createPlannerUsageService>;
