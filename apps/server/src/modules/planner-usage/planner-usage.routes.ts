import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingCsvFileName,
  billingCsvQuery,
  billingQuery,
  billingResponse,
  errorResponse,
  managerIdParams,
  oneTimeUsageBody,
  oneTimeUsageInput,
  oneTimeUsageResponse,
  pdfExportInfoOneQuery,
  pdfExportInfoQuery,
  pdfExportInfoResponse,
  type OneTimeUsageInput,
} from '@rides/contract';
import { billingCsvChunks } from './billing-csv.js';
import type { PlannerUsageService } from './planner-usage.service.js';

/**
 * 002 §7 Administration: GET ride_manager_billing_api, GET pdf_export_info_api[/{id}], GET or POST
 * one_time_access_usage_by_manager (decision 0038), the listings paged on the server; and GET ride_manager_billing_csv,
 * the billing table's every row as a file. Platform admins only.
 */
export async function plannerUsageRoutes(app: FastifyInstance, opts: { plannerUsage: PlannerUsageService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
  const { plannerUsage } = opts;
  // preValidation: who may ask is answered before what was asked (a visitor with a bad date gets 401, not 400).

  api.get(
    '/ride_manager_billing_api',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          "A page of planners' trips, shares, days and PDF exports in a month, with the month's totals (one planner's with manager_id)",
        querystring: billingQuery,
        response: { 200: billingResponse, ...refusals },
      },
    },
    async (request) => ({
      ServerMassageCode: 'success',
      ...(await plannerUsage.billing(request.query)),
      message: '',
    }),
  );

  api.get(
    '/ride_manager_billing_csv',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "The month's billing table as CSV: every planner, in the table's order and search",
        querystring: billingCsvQuery,
        response: {
          200: z.string().describe('text/csv'),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request, reply) => {
      // Read before the first byte: a failed read is still a coded answer, not a cut file.
      const { month, rows } = await plannerUsage.billingRows(request.query);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${billingCsvFileName(month)}"`)
          // A stream skips the response serializer (its type is the schema's text, its body goes out chunk by chunk).
          .send(Readable.from(billingCsvChunks(rows, request.query.lang ?? 'he')) as unknown as string)
      );
    },
  );

  const pdfInfo = async (query: { month?: string }, id: number | undefined) => ({
    ServerMassageCode: 'success',
    ...(await plannerUsage.pdfExportInfo(query, id)),
    message: '',
  });
  api.get(
    '/pdf_export_info_api',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "A page of the month's PDF exports per planner and trip, with the month's totals",
        querystring: pdfExportInfoQuery,
        response: { 200: pdfExportInfoResponse, ...refusals },
      },
    },
    async (request) => pdfInfo(request.query, undefined),
  );
  api.get(
    '/pdf_export_info_api/:id',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "One planner's PDF exports in the month, each listed",
        params: managerIdParams,
        querystring: pdfExportInfoOneQuery,
        response: { 200: pdfExportInfoResponse, ...refusals },
      },
    },
    async (request) => pdfInfo(request.query, request.params.id),
  );

  const usage = async (input: OneTimeUsageInput | undefined) => ({
    ServerMassageCode: 'success',
    ...(await plannerUsage.oneTimeUsage(input)),
    message: '',
  });
  const usageSchema = {
    tags: ['admin'],
    summary: 'A page of planners with the uses of their one-time links since start_date, and the totals',
    response: { 200: oneTimeUsageResponse, ...refusals },
  };
  // 002 §7: "The method is shown as both": the date in the query (GET) or the body (POST).
  api.get(
    '/one_time_access_usage_by_manager',
    { preValidation: app.requireAdmin, schema: { ...usageSchema, querystring: oneTimeUsageInput } },
    async (request) => usage(request.query),
  );
  api.post(
    '/one_time_access_usage_by_manager',
    { preValidation: app.requireAdmin, schema: { ...usageSchema, body: oneTimeUsageBody } },
    async (request) => usage(request.body),
  );
}
