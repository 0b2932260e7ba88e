import {
  DEFAULT_USAGE_DAYS_BACK,
  monthOf,
  monthRange,
  monthsUpTo,
  startDateProblem,
  USAGE_CHART_MONTHS,
  type BillingManager,
  type BillingQuery,
  type BillingResponse,
  type OneTimeUsageInput,
  type OneTimeUsageManager,
  type OneTimeUsageResponse,
  type PdfExportInfoResponse,
  type PdfExportManager,
} from '@rides/contract';
import type { Database } from '../../db/client.js';
import { pageRequest, type PagingInput } from '../../lib/admin-paging.js';
import { AppError } from '../../lib/errors.js';
import {
  billingAll,
  billingPage,
  billingTrips,
  findPlanner,
  monthlyUse,
  oneTimePage,
  oneTimeTrips,
  pdfExportPage,
  pdfExportsPerTrip,
  plannerPdfExports,
} from './planner-usage.repository.js';

/**
 * Planners' billing, PDF exports and one-time usage (002 §2.4, §2.5; decision 0038), for the platform admin only (the
 * routes' requireAdmin). The counting is SQL (planner-usage.repository.ts); this file picks the period and the page,
 * refuses an unknown planner and shapes the wire.
 */
const DAY_MS = 86_400_000;

type Wire<T> = Omit<T, 'ServerMassageCode' | 'message'>;

export function createPlannerUsageService(deps: { db: Database; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function plannerOr404(id: number) {
    const planner = await findPlanner(db, id);
    if (!planner) throw new AppError('not_found');
    return planner;
  }

  /** One planner's month: their record, their trips and their last months (the details modal). */
  async function plannerBilling(m: string, managerId: number): Promise<Wire<BillingResponse>> {
    const planner = await plannerOr404(managerId);
    const { from, to } = monthRange(m);
    const months = monthsUpTo(m, USAGE_CHART_MONTHS);
    const [mine, rides, monthly] = await Promise.all([
      billingPage(db, from, to, pageRequest({}), managerId),
      billingTrips(db, managerId, from, to),
      monthlyUse(db, managerId, monthRange(months[0] as string).from, to),
    ]);
    const byMonth = new Map(monthly.map((x) => [x.month, x]));
    const idle: BillingManager = {
      manager_id: planner.id,
      username: planner.username,
      email: planner.email,
      total_rides: 0,
      total_shares: 0,
      total_days: 0,
      total_pdf_exports: 0,
      first_ride: null,
      last_ride: null,
    };
    return {
      month: m,
      billing_data: [mine.rows.find((r) => r.manager_id === managerId) ?? idle],
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
  }

  return {
    /**
     * The month's billing: a page of planners with the month's totals; with a planner id, theirs only, with their
     * trips and last months.
     */
    async billing(
      query: Omit<BillingQuery, 'manager_id'> & { manager_id?: number },
    ): Promise<Wire<BillingResponse>> {
      const m = query.month ?? monthOf(now());
      if (query.manager_id !== undefined) return plannerBilling(m, query.manager_id);
      const { from, to } = monthRange(m);
      const request = pageRequest(query);
      const page = await billingPage(db, from, to, request);
      return {
        month: m,
        billing_data: page.rows,
        page: request.page,
        page_size: request.pageSize,
        total_count: page.totalCount,
        totals: page.totals,
        rides: [],
        monthly: [],
      };
    },

    /** Every planner's row of the month, in the table's order and search (the CSV: no page). */
    async billingRows(query: { month?: string; q?: string; sort?: string; order?: 'asc' | 'desc' }) {
      const m = query.month ?? monthOf(now());
      const { from, to } = monthRange(m);
      return { month: m, rows: await billingAll(db, from, to, pageRequest(query)) };
    },

    /**
     * The month's PDF exports: a page of planners with their exported trips and the month's totals; with a planner id,
     * theirs only, each export listed.
     */
    async pdfExportInfo(
      query: { month?: string } & PagingInput,
      managerId: number | undefined,
    ): Promise<Wire<PdfExportInfoResponse>> {
      const m = query.month ?? monthOf(now());
      const { from, to } = monthRange(m);
      if (managerId === undefined) {
        const request = pageRequest(query);
        const page = await pdfExportPage(db, from, to, request);
        const rides = await pdfExportsPerTrip(
          db,
          from,
          to,
          page.rows.map((r) => r.manager_id),
        );
        return {
          month: m,
          pdf_export_info: page.rows.map(({ email: _email, ...planner }) => ({
            ...planner,
            rides: rides.filter((r) => r.managerId === planner.manager_id).map((r) => presentPdfTrip(r)),
          })),
          page: request.page,
          page_size: request.pageSize,
          total_count: page.totalCount,
          totals: page.totals,
        };
      }
      const planner = await plannerOr404(managerId);
      const [rides, exports] = await Promise.all([
        pdfExportsPerTrip(db, from, to, [managerId]),
        plannerPdfExports(db, managerId, from, to),
      ]);
      const entry: PdfExportManager = {
        manager_id: planner.id,
        username: planner.username,
        total_pdf_exports: rides.reduce((n, r) => n + r.exports, 0),
        total_rides: rides.length,
        rides: rides.map((r) =>
          presentPdfTrip(
            r,
            exports.filter((e) => e.rideId === r.rideId),
          ),
        ),
      };
      return { month: m, pdf_export_info: [entry] };
    },

    /**
     * Uses of one-time links since the start date (default DEFAULT_USAGE_DAYS_BACK days ago): a page of planners, each
     * with their trips and uses, and the period's totals.
     */
    async oneTimeUsage(input: OneTimeUsageInput = {}): Promise<Wire<OneTimeUsageResponse>> {
      const today = new Date(now()).toISOString().slice(0, 10);
      const start =
        input.start_date ?? new Date(now() - DEFAULT_USAGE_DAYS_BACK * DAY_MS).toISOString().slice(0, 10);
      const problem = startDateProblem(start, today);
      if (problem) throw new AppError(problem);
      const since = new Date(`${start}T00:00:00Z`);
      const request = pageRequest(input);
      const page = await oneTimePage(db, since, request);
      const rides = await oneTimeTrips(
        db,
        since,
        page.rows.map((r) => r.manager_id),
      );
      const usageData: OneTimeUsageManager[] = page.rows.map((planner) => ({
        ...planner,
        rides: rides
          .filter((r) => r.managerId === planner.manager_id)
          .map((r) => ({
            ride_id: r.rideId,
            ride_title: r.title,
            duration_days: r.days,
            ride_start_date: r.startDate,
            ride_end_date: r.endDate,
            users: r.accesses,
          })),
      }));
      return {
        start_date: start,
        usage_data: usageData,
        page: request.page,
        page_size: request.pageSize,
        total_count: page.totalCount,
        totals: page.totals,
      };
    },
  };
}

/** A trip of the PDF export listing; with its exports when they were read (one planner). */
function presentPdfTrip(
  r: Awaited<ReturnType<typeof pdfExportsPerTrip>>[number],
  exports?: Awaited<ReturnType<typeof plannerPdfExports>>,
) {
  return {
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
          pdf_exports: exports.map((e) => ({
            id: e.id,
            ride_title: e.rideTitle,
            ride_start_date: e.rideStartDate,
            ride_end_date: e.rideEndDate,
            created_at: e.createdAt,
          })),
        }
      : {}),
  };
}

export type PlannerUsageService = ReturnType<typeof createPlannerUsageService>;
