import {
  billingCsvFileName,
  type BillingResponse,
  type BillingSort,
  type OneTimeUsageResponse,
  type PdfExportInfoResponse,
  type UsageSort,
} from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet, isSuccessCode, type Envelope } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';
import { listingParams, type Listing } from './listing';

/**
 * The billing and one-time usage calls (002 §7; decision 0038), platform admins only. Every key starts with `all`, so
 * leaving a screen removes what it stored in one call.
 */
export const plannerUsageKeys = {
  all: ['planner_usage'] as const,
  billing: (month: string, listing: Listing<BillingSort>) =>
    ['planner_usage', 'billing', month, listing] as const,
  plannerBilling: (month: string, managerId: number) =>
    ['planner_usage', 'billing', month, managerId] as const,
  pdfExports: (month: string, managerId: number) =>
    ['planner_usage', 'pdf_exports', month, managerId] as const,
  oneTimeUsage: (startDate: string, listing: Listing<UsageSort>) =>
    ['planner_usage', 'one_time', startDate, listing] as const,
};

/** 002 §8: "A ServerMassageCode other than success is treated the same" as a failed read. */
async function successful<T extends Envelope>(read: Promise<T>): Promise<T> {
  const body = await read;
  if (!isSuccessCode(body.ServerMassageCode)) throw new ApiError(body.ServerMassageCode, 200);
  return body;
}

/** GET ride_manager_billing_api?month&page&page_size&sort&order&q: a page of the month's planners, the totals. */
export const billingQuery = (month: string, listing: Listing<BillingSort>) =>
  queryOptions({
    queryKey: plannerUsageKeys.billing(month, listing),
    queryFn: ({ signal }) =>
      successful(
        apiGet<BillingResponse>(
          `ride_manager_billing_api?month=${month}&${listingParams(listing).toString()}`,
          signal,
        ),
      ),
  });

/**
 * GET ride_manager_billing_csv: every planner of the month in the table's order and search, made by the server, the
 * column names in the reader's language.
 */
export const downloadBillingCsv = (
  month: string,
  { sort, q }: Omit<Listing<BillingSort>, 'page'>,
  language: string,
) =>
  downloadFile(
    `/api/ride_manager_billing_csv?month=${month}&${listingParams({ sort, q }).toString()}&lang=${language === 'en' ? 'en' : 'he'}`,
    { fallbackName: billingCsvFileName(month) },
  );

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

/** GET one_time_access_usage_by_manager?start_date&page&...: a page of planners' one-time link uses, the totals. */
export const oneTimeUsageQuery = (startDate: string, listing: Listing<UsageSort>) =>
  queryOptions({
    queryKey: plannerUsageKeys.oneTimeUsage(startDate, listing),
    queryFn: ({ signal }) =>
      successful(
        apiGet<OneTimeUsageResponse>(
          `one_time_access_usage_by_manager?start_date=${startDate}&${listingParams(listing).toString()}`,
          signal,
        ),
      ),
  });
