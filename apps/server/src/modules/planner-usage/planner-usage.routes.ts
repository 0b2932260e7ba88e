import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billingQuery,
  billingResponse,
  errorResponse,
  managerIdParams,
  oneTimeUsageBody,
  oneTimeUsageInput,
  oneTimeUsageResponse,
  pdfExportInfoQuery,
  pdfExportInfoResponse,
} from '@rides/contract';
import type { PlannerUsageService } from './planner-usage.service.js';

/**
 * 002 §7 Administration: GET ride_manager_billing_api, GET pdf_export_info_api[/{id}], GET or POST
 * one_time_access_usage_by_manager (decision 0038). Platform admins only.
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
          "Each planner's trips, shares, days and PDF exports in a month (one planner's with manager_id)",
        querystring: billingQuery,
        response: { 200: billingResponse, ...refusals },
      },
    },
    async (request) => ({
      ServerMassageCode: 'success',
      ...(await plannerUsage.billing(request.query.month, request.query.manager_id)),
      message: '',
    }),
  );

  const pdfInfo = async (month: string | undefined, id: number | undefined) => ({
    ServerMassageCode: 'success',
    ...(await plannerUsage.pdfExportInfo(month, id)),
    message: '',
  });
  api.get(
    '/pdf_export_info_api',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "The month's PDF exports per planner and trip",
        querystring: pdfExportInfoQuery,
        response: { 200: pdfExportInfoResponse, ...refusals },
      },
    },
    async (request) => pdfInfo(request.query.month, undefined),
  );
  api.get(
    '/pdf_export_info_api/:id',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "One planner's PDF exports in the month, each listed",
        params: managerIdParams,
        querystring: pdfExportInfoQuery,
        response: { 200: pdfExportInfoResponse, ...refusals },
      },
    },
    async (request) => pdfInfo(request.query.month, request.params.id),
  );

  const usage = async (startDate: string | undefined) => ({
    ServerMassageCode: 'success',
    ...(await plannerUsage.oneTimeUsage(startDate)),
    message: '',
  });
  const usageSchema = {
    tags: ['admin'],
    summary: 'Uses of one-time links per planner and trip since start_date',
    response: { 200: oneTimeUsageResponse, ...refusals },
  };
  // 002 §7: "The method is shown as both": the date in the query (GET) or the body (POST).
  api.get(
    '/one_time_access_usage_by_manager',
    { preValidation: app.requireAdmin, schema: { ...usageSchema, querystring: oneTimeUsageInput } },
    async (request) => usage(request.query.start_date),
  );
  api.post(
    '/one_time_access_usage_by_manager',
    { preValidation: app.requireAdmin, schema: { ...usageSchema, body: oneTimeUsageBody } },
    async (request) => usage(request.body?.start_date),
  );
}
