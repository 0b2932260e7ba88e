import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  budgetBody,
  budgetResponse,
  errorResponse,
  expenseBody,
  expenseIdParams,
  expensePatchBody,
  expenseResponse,
  expensesParams,
  expensesResponse,
  okResponse,
  participantBody,
  participantResponse,
  settlementBody,
  settlementResponse,
} from '@rides/contract';
import type { MoneyService } from './money.service.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  503: errorResponse,
};

/** A trip's money (issue 35, decision 0069). HTTP only: the contract validates, the service decides. */
export async function moneyRoutes(app: FastifyInstance, opts: { money: MoneyService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { money } = opts;
  const tags = ['money'];
  const auth = { onRequest: app.requireUser };
  const noStore = { 'cache-control': 'private, no-store' };

  api.get(
    '/trips/:rideId/expenses',
    {
      schema: {
        tags,
        summary: "The trip's expenses, its people (and participants), its home currency",
        params: expensesParams,
        response: { 200: expensesResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return money.list(request.params.rideId, request.user);
    },
  );
  api.post(
    '/trips/:rideId/expenses',
    {
      ...auth,
      schema: {
        tags,
        summary: 'A new expense (the same clientId twice is one expense), frozen at the rate of its day',
        params: expensesParams,
        body: expenseBody,
        response: { 200: expenseResponse, ...errors },
      },
    },
    async (request) => money.create(request.params.rideId, request.user, request.body),
  );
  api.patch(
    '/trips/:rideId/expenses/:id',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Changes an expense (what is sent replaces; its rate stays unless its currency, day or rate change)',
        params: expenseIdParams,
        body: expensePatchBody,
        response: { 200: expenseResponse, ...errors },
      },
    },
    async (request) => money.update(request.params.rideId, request.params.id, request.user, request.body),
  );
  api.post(
    '/trips/:rideId/expenses/:id/rate',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Freezes a "rate to confirm" at the reference rate of its day (503 while still unknown)',
        params: expenseIdParams,
        response: { 200: expenseResponse, ...errors },
      },
    },
    async (request) => money.confirmRate(request.params.rideId, request.params.id, request.user),
  );
  api.delete(
    '/trips/:rideId/expenses/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Deletes an expense',
        params: expenseIdParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => money.remove(request.params.rideId, request.params.id, request.user),
  );
  api.post(
    '/trips/:rideId/participants',
    {
      ...auth,
      schema: {
        tags,
        summary: 'A traveller without an account, who can pay and share (a negative person id)',
        params: expensesParams,
        body: participantBody,
        response: { 200: participantResponse, ...errors },
      },
    },
    async (request) => money.addParticipant(request.params.rideId, request.user, request.body.name),
  );
  api.get(
    '/trips/:rideId/budget',
    {
      schema: {
        tags,
        summary: 'Totals per category and day, limits, balances and the settle-up, in the home currency',
        params: expensesParams,
        response: { 200: budgetResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return money.budget(request.params.rideId, request.user);
    },
  );
  api.put(
    '/trips/:rideId/budget',
    {
      ...auth,
      schema: {
        tags,
        summary: "Sets the home currency, the limits per category and (the planner's) the quote",
        params: expensesParams,
        body: budgetBody,
        response: { 200: budgetResponse, ...errors },
      },
    },
    async (request) => money.setBudget(request.params.rideId, request.user, request.body),
  );
  api.post(
    '/trips/:rideId/settlements',
    {
      ...auth,
      schema: {
        tags,
        summary: 'A transfer marked paid (in the home currency)',
        params: expensesParams,
        body: settlementBody,
        response: { 200: settlementResponse, ...errors },
      },
    },
    async (request) => money.settle(request.params.rideId, request.user, request.body),
  );
  api.get(
    '/trips/:rideId/expenses.csv',
    {
      schema: {
        tags,
        summary: "The trip's expenses as CSV",
        params: expensesParams,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await money.csv(request.params.rideId, request.user);
      reply
        .headers(noStore)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="trip-${request.params.rideId}-expenses.csv"`);
      return csv;
    },
  );
}
