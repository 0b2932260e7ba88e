import { type BillingResponse, type OneTimeUsageResponse, type PdfExportInfoResponse } from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet, isSuccessCode, type Envelope } from '../../../lib/api';

/**
 * The billing and one-time usage calls (002 §7; decision 0038), platform admins only. Every key starts with `all`, so
 * leaving a screen removes what it stored in one call.
 */
export const plannerUsageKeys = {
  all: ['planner_usage'] as const,
  billing: (month: string) => ['planner_usage', 'billing', month] as const,
  plannerBilling: (month: string, managerId: number) =>
    ['planner_usage', 'billing', month, managerId] as const,
  pdfExports: (month: string, managerId: number) =>
    ['planner_usage', 'pdf_exports', month, managerId] as const,
  oneTimeUsage: (startDate: string) => ['planner_usage', 'one_time', startDate] as const,
};

/** 002 §8: "A ServerMassageCode other than success is treated the same" as a failed read. */
async function successful<T extends Envelope>(read: Promise<T>): Promise<T> {
  const body = await read;
  if (!isSuccessCode(body.ServerMassageCode)) throw new ApiError(body.ServerMassageCode, 200);
  return body;
}

/** GET ride_manager_billing_api?month: every planner's month. */
export const billingQuery = (month: string) =>
  queryOptions({
    queryKey: plannerUsageKeys.billing(month),
    queryFn: ({ signal }) =>
      successful(apiGet<BillingResponse>(`ride_manager_billing_api?month=${month}`, signal)),
  });

/** GET ride_manager_billing_api?month&manager_id: one planner's trips and last months (the details). */
export const plannerBillingQuery = (month: string, managerId: number) =>
  queryOptions({
    queryKey: plannerUsageKeys.plannerBilling(month, managerId),
    queryFn: ({ signal }) =>
      successful(
        apiGet<BillingResponse>(`ride_manager_billing_api?month=${month}&manager_id=${managerId}`, signal),
      ),
  });

/** GET pdf_export_info_api/{id}?month: one planner's PDF export history, each export listed. */
export const pdfExportInfoQuery = (month: string, managerId: number) =>
  queryOptions({
    queryKey: plannerUsageKeys.pdfExports(month, managerId),
    queryFn: ({ signal }) =>
      successful(apiGet<PdfExportInfoResponse>(`pdf_export_info_api/${managerId}?month=${month}`, signal)),
  });

/** GET one_time_access_usage_by_manager?start_date: uses of one-time links since the date. */
export const oneTimeUsageQuery = (startDate: string) =>
  queryOptions({
    queryKey: plannerUsageKeys.oneTimeUsage(startDate),
    queryFn: ({ signal }) =>
      successful(
        apiGet<OneTimeUsageResponse>(`one_time_access_usage_by_manager?start_date=${startDate}`, signal),
      ),
  });
