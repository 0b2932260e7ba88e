import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deviceAnalysisQuery,
  deviceAnalysisResponse,
  errorResponse,
  suspiciousUsersQuery,
  suspiciousUsersResponse,
  userDevicesResponse,
  userIdParams,
} from '@rides/contract';
import type { DeviceManagementService } from './device-management.service.js';

/** 002 §7 Administration: GET suspicious_users, user_devices/{userId}, device_analysis/{userId}. Platform admins only. */
export async function deviceManagementRoutes(
  app: FastifyInstance,
  opts: { deviceManagement: DeviceManagementService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

  api.get(
    '/suspicious_users',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Users who sign in from many devices, with their risk: one page, sorted and filtered on the server',
        querystring: suspiciousUsersQuery,
        response: { 200: suspiciousUsersResponse, ...refusals },
      },
    },
    async (request) => ({
      ServerMassageCode: 'success',
      status: 'success' as const,
      ...(await opts.deviceManagement.suspiciousUsers(request.query)),
    }),
  );

  api.get(
    '/user_devices/:userId',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "A user's devices, the most recently used first",
        params: userIdParams,
        response: { 200: userDevicesResponse, 404: errorResponse, ...refusals },
      },
    },
    async (request) => {
      const devices = await opts.deviceManagement.userDevices(request.params.userId);
      return { ServerMassageCode: 'success', status: 'success' as const, devices, message: '' };
    },
  );

  api.get(
    '/device_analysis/:userId',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "A user's devices, sign-ins and risk over the period",
        params: userIdParams,
        querystring: deviceAnalysisQuery,
        response: { 200: deviceAnalysisResponse, 404: errorResponse, ...refusals },
      },
    },
    async (request) => ({
      ServerMassageCode: 'success',
      status: 'success' as const,
      analysis: await opts.deviceManagement.analysis(request.params.userId, request.query.days_back),
    }),
  );
}
