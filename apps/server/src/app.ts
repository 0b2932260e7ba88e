import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createChanges } from './changes.js';
import type { Config } from './config.js';
import type { DbHandle } from './db/client.js';
import { loggerOptions } from './lib/logger.js';
import authPlugin from './plugins/auth.js';
import editPreconditionPlugin from './modules/trip-editing/edit-precondition.js';
import bodyParsers from './plugins/body-parsers.js';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors.js';
import securityPlugin from './plugins/security.js';
import staticSpa from './plugins/static-spa.js';
import swaggerPlugin from './plugins/swagger.js';
import type { Mailer } from './providers/mail/index.js';
import { createPlaces } from './providers/places/index.js';
import { createStorage } from './providers/storage/index.js';
import { uploadedFiles } from './modules/uploads/uploads.files.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { createHeicPool } from './modules/photos/heic-pool.js';
import { createPhotoPlaces } from './modules/photos/photo-places.js';
import { photosRoutes } from './modules/photos/photos.routes.js';
import { createPhotosService } from './modules/photos/photos.service.js';
import { createLlm } from './providers/llm/index.js';
import { createAccommodationsService } from './modules/accommodations/accommodations.service.js';
import { accommodationsRoutes } from './modules/accommodations/accommodations.routes.js';
import { createUploadsService } from './modules/uploads/uploads.service.js';
import { accessRoutes } from './modules/access/access.routes.js';
import { createAccessService } from './modules/access/access.service.js';
import { accessKeysRoutes } from './modules/access-keys/access-keys.routes.js';
import { createAccessKeysService } from './modules/access-keys/access-keys.service.js';
import { publicAddressPlugin } from './plugins/public-address.js';
import { createClientOpens } from './modules/access-keys/client-opens.js';
import { deviceOf } from './modules/access-keys/device.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { accountSettingsRoutes } from './modules/accounts/account-settings.routes.js';
import { createAccountSettingsService } from './modules/accounts/account-settings.service.js';
import { createAccountsService } from './modules/accounts/accounts.service.js';
import { createSessionCheck } from './modules/accounts/session-check.js';
import { memoryThrottleStore, redisThrottleStore } from './modules/accounts/login-throttle.js';
import { createAfterAnswer } from './lib/after-answer.js';
import { createRedis, redisReady } from './lib/redis.js';
import { memoryCostStore, redisCostStore } from './lib/cost-budget.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { deviceManagementRoutes } from './modules/device-management/device-management.routes.js';
import { createDeviceManagementService } from './modules/device-management/device-management.service.js';
import { plannerUsageRoutes } from './modules/planner-usage/planner-usage.routes.js';
import { createPlannerUsageService } from './modules/planner-usage/planner-usage.service.js';
import { createContactService } from './modules/contact/contact.service.js';
import { createPlacesRepository } from './modules/places/places.repository.js';
import { placesPhotoUrl, placesRoutes } from './modules/places/places.routes.js';
import { createPlacesService } from './modules/places/places.service.js';
import { createSamePlaceCheck } from './modules/attraction-uniqueness/same-place.js';
import { platformRoutes } from './modules/platform/platform.routes.js';
import { tripEditingRoutes } from './modules/trip-editing/trip-editing.routes.js';
import { createTripEditing } from './modules/trip-editing/trip-editing.service.js';
import { createTripEditor } from './modules/trip-editing/edit-transaction.js';
import { createAttractionEditor } from './modules/attraction-editor/attraction-editor.module.js';
import { attractionEditorRoutes } from './modules/attraction-editor/attraction-editor.routes.js';
import { categoriesRoutes } from './modules/categories/categories.routes.js';
import { uniquenessRoutes } from './modules/attraction-uniqueness/uniqueness.routes.js';
import { createUniquenessService } from './modules/attraction-uniqueness/uniqueness.service.js';
import { createCategoriesService } from './modules/categories/categories.service.js';
import { createTripInformationService } from './modules/trip-information/trip-information.service.js';
import { tripInformationRoutes } from './modules/trip-information/trip-information.routes.js';
import { userTripsRoutes } from './modules/user-trips/user-trips.routes.js';
import { tripMembersRoutes } from './modules/trip-members/trip-members.routes.js';
import { createTripMembersService } from './modules/trip-members/trip-members.service.js';
import { createUserTripsService } from './modules/user-trips/user-trips.service.js';
import { oneTimeLinksRoutes } from './modules/one-time-links/one-time-links.routes.js';
import { createOneTimeLinksService } from './modules/one-time-links/one-time-links.service.js';
import { claimOneTimeKeyForJoin } from './modules/one-time-links/one-time-key.repository.js';
import { pdfRoutes } from './modules/pdf/pdf.routes.js';
import { createPdfService } from './modules/pdf/pdf.service.js';
import type { RenderPoolOptions } from './modules/pdf/render-pool.js';
import { tripExportRoutes } from './modules/trip-export/trip-export.routes.js';
import { createMentionDigest } from './modules/trip-comments/mention-digest.js';
import { tripCommentsRoutes } from './modules/trip-comments/trip-comments.routes.js';
import { createTripCommentsService } from './modules/trip-comments/trip-comments.service.js';
import { tripListsRoutes } from './modules/trip-lists/trip-lists.routes.js';
import { bookingsRoutes } from './modules/bookings/bookings.routes.js';
import { createBookingsService } from './modules/bookings/bookings.service.js';
import { startInboundSmtp } from './modules/bookings/inbound-smtp.js';
import { moneyRoutes } from './modules/money/money.routes.js';
import { createMoneyService } from './modules/money/money.service.js';
import { createRatesService } from './modules/money/rates.service.js';
import { createRatesProvider } from './providers/rates/index.js';
import { createRoutingProviders } from './providers/routing/index.js';
import { legsRoutes } from './modules/legs/legs.routes.js';
import { lineageRoutes } from './modules/lineage/lineage.routes.js';
import { createLineageService } from './modules/lineage/lineage.service.js';
import { createPushService } from './modules/lineage/push.service.js';
import { dayOrderRoutes } from './modules/legs/day-order.routes.js';
import { createDayOrderService } from './modules/legs/day-order.service.js';
import { createLegsService } from './modules/legs/legs.service.js';
import { checksRoutes } from './modules/day-checks/checks.routes.js';
import { createChecksService } from './modules/day-checks/checks.service.js';
import { createRoutedLegs } from './modules/legs/routed-legs.service.js';
import { createTripListsService } from './modules/trip-lists/trip-lists.service.js';
import { createTripExportService } from './modules/trip-export/trip-export.service.js';
import { tripsRoutes } from './modules/trips/trips.routes.js';
import { PRESENCE_CHANNEL } from './modules/trip-events/trip-events.repository.js';
import { tripEventsRoutes } from './modules/trip-events/trip-events.routes.js';
import { createTripEvents } from './modules/trip-events/trip-events.service.js';
import { createEventsTickets } from './modules/trip-events/trip-events.tickets.js';
import { createTripsService } from './modules/trips/trips.service.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { createSearchService } from './modules/search/search.service.js';
import { tripPageReads } from './modules/trips/trip-page-data.js';
import { createPageParts } from './plugins/server-render.js';
import { subdomainOfHost } from './modules/themes/themes.service.js';
import { themesRoutes } from './modules/themes/themes.routes.js';
import { createThemesService } from './modules/themes/themes.service.js';

export interface AppDeps {
  config: Config;
  db: DbHandle;
  mailer: Mailer;
  /** Override of config.logLevel (tests pass 'silent'). */
  logLevel?: string;
  /** Where logs go (stdout by default, lib/log-output.ts); tests capture them to check what is never logged. */
  logStream?: DestinationStream;
  /** The PDF render pool's bounds (decision 0032; tests make it small); by default from the CPUs. */
  pdfPool?: RenderPoolOptions;
}

export type App = FastifyInstance;

/**
 * Builds the whole application (plugins, then modules) and never listens: server.ts listens, tests inject.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, mailer } = deps;
  const app = Fastify({
    logger: loggerOptions(deps.logLevel ?? config.logLevel, deps.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Spec paths are case sensitive and never end in a slash; be lenient with a trailing one.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // What the router and Node's parser refuse answers the envelope too (plugins/errors.ts, decision 0025).
    frameworkErrors,
    clientErrorHandler,
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  // request.publicAddress: PUBLIC_URL, else the request's own address; every link the server makes (issue 30 point 10).
  await app.register(publicAddressPlugin, {
    publicUrl: config.publicUrl,
    subdomainDotCount: config.subdomainDotCount,
  });
  // Rate limits and the sign-in lock: in Redis when REDIS_URL is set (shared by every process), else in memory (0006).
  const redis = config.redisUrl ? createRedis(config.redisUrl) : null;
  if (redis) {
    redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'redis'));
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    await redisReady(redis).catch((err: Error) => {
      redis.disconnect(); // no reconnecting in the background of a server that did not start
      throw new Error(`REDIS_URL is set but Redis does not answer: ${err.message}`);
    });
  }
  await app.register(securityPlugin, { booking: config.booking, redis, secretLookups: config.secretLookups });
  await app.register(bodyParsers);
  await app.register(swaggerPlugin);
  // Before anything cached is read (the session check below is the first): this process catches up with the writes
  // other processes committed (decision 0027). `changes` is made below, once every cache it drops exists.
  app.addHook('onRequest', async () => changes.catchUp());
  // The signed-in user's current role and token version, cached per user; the change feed calls sessions.forget(userId)
  // on a { kind: 'user' } change and sessions.forgetAll() on reconnect (decision 0024).
  const sessions = createSessionCheck(db.db);
  await app.register(authPlugin, { secret: config.jwtSecret, currentSession: sessions.check });
  // If-Match of every editing call and the ETag of its answer (issue 33 point 3, decision 0065).
  await app.register(editPreconditionPlugin);

  // The reset mail goes after the answer (issue 15 point 4); a closing server finishes sending it.
  const afterAnswer = createAfterAnswer(app.log);
  app.addHook('onClose', () => afterAnswer.settled(5_000));
  app.decorate('afterAnswer', afterAnswer);
  const accounts = createAccountsService({
    db: db.db,
    config,
    mailer,
    log: app.log,
    onSessionsRevoked: (userId) => changes.afterCommit({ kind: 'user', userId }),
    throttleStore: redis ? redisThrottleStore(redis) : memoryThrottleStore(),
    afterAnswer: afterAnswer.run,
  });
  const contact = createContactService({ db: db.db, config, mailer, log: app.log });
  // Places: the configured source in front of the local gazetteer and our own data (decision 0012).
  const placesProvider = createPlaces(config.places, {
    own: createPlacesRepository(db.db),
    log: app.log,
    photoUrl: placesPhotoUrl,
  });
  const rides = createTripsService({
    db: db.db,
    log: app.log,
    places: placesProvider,
    summaryHiddenRideIds: config.summaryHiddenRideIds,
    // While the change feed is down a trip is read again, its copy served only when the database cannot answer (0051).
    cacheConfirmed: () => changes.cachesConfirmed(),
  });
  const access = createAccessService({ db: db.db, log: app.log });
  // The trip view's cache is dropped through `changes` below; tests reach the service as app.rides (decision 0009).
  app.decorate('rides', rides);
  // Public search answers are cached and dropped through `changes` below (decisions 0013, 0027).
  const search = createSearchService({ db: db.db, rides, home: config.home });
  app.decorate('tripSearch', search);
  const places = createPlacesService({
    places: placesProvider,
    rides,
    samePlace: createSamePlaceCheck(db.db),
  });
  // Themes are configuration kept in memory, dropped through `changes` below (decisions 0010, 0027).
  const themes = createThemesService({ db: db.db, dotCount: config.subdomainDotCount });
  app.decorate('themes', themes);
  // Every cache above, in one place: a write publishes its change in its transaction and drops it here after the
  // commit; on PostgreSQL every other process drops it when the notification arrives (decisions 0009, 0027).
  // The trips' live streams and presence (decision 0064): told of every trip change after its cached view is dropped.
  const live = createTripEvents({
    db: db.db,
    decide: (rideId, viewer) => rides.liveDecision(rideId, viewer),
    log: app.log,
    shared: db.kind === 'postgres',
  });
  // The streams end first when the server closes (a stream never ends by itself), then the requests in flight.
  app.addHook('preClose', async () => live.close());
  app.decorate('live', live);
  const changes = createChanges({ rides, search, themes, sessions, live });
  const listener = changes.listen(db, app.log, { [PRESENCE_CHANNEL]: live.receivePresence });
  if (listener) {
    app.addHook('onReady', () => listener.ready);
    app.addHook('onClose', () => listener.close());
  }
  // The database lost and found again, once each (decision 0051); every request meanwhile answers 503 at info level.
  const unsubscribe = db.availability.subscribe((state, err) => {
    if (state === 'down')
      app.log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'database unreachable; retrying',
      );
    else app.log.info('database reachable again');
  });
  app.addHook('onClose', async () => unsubscribe());
  // Every change of a trip: one locked transaction, the edit policy, the change published and dropped (decision 0015).
  const editTrip = createTripEditor({ db: db.db, changes });
  const editing = createTripEditing({
    db: db.db,
    editRide: editTrip,
    changes,
    rides,
    places: placesProvider,
  });
  // Image uploads through the storage provider: the data folder or an S3-compatible bucket (decision 0018).
  // HEIC photos decoded one at a time in a thread ended when idle (decision 0037); uploads and photos share it.
  const heic = createHeicPool();
  app.addHook('onClose', () => heic.close());
  const storage = createStorage(config.storage);
  const uploads = createUploadsService({ db: db.db, storage, heic });
  // Where the travellers sleep (issue 6): the same editing transaction.
  const accommodations = createAccommodationsService({ db: db.db, editRide: editTrip, rides, log: app.log });
  // The attraction editor and AI text, and the attraction categories (decision 0020).
  const attractionEditor = createAttractionEditor({
    db: db.db,
    editRide: editTrip,
    changes,
    llm: config.llm,
    log: app.log,
  });
  // Trips from photos (issue 20, decision 0037): EXIF, HEIC, the places near a photo (a configured model may pick).
  const photoPlaces = createPhotoPlaces({
    db: db.db,
    places: placesProvider,
    llm: createLlm(config.llm),
    log: app.log,
  });
  const photos = createPhotosService({ db: db.db, storage, editRide: editTrip, heic, places: photoPlaces });
  const categories = createCategoriesService({
    db: db.db,
    afterDetach: () => changes.committed(db.db, { kind: 'categories' }),
  });
  // One-time links, a client's private copy, the sub-domain manager's settings, recorded shares (decision 0030).
  const oneTimeLinks = createOneTimeLinksService({ db: db.db, editRide: editTrip, changes });
  // The trip information form and my trips (decision 0019): writes through the same editor as the editing calls.
  const information = createTripInformationService({ db: db.db, editRide: editTrip, changes });
  const userRides = createUserTripsService({ db: db.db });
  // Members and roles (issue 33 point 1, decision 0063): each change locks the trip, logs it, drops its cached facts.
  const tripMembers = createTripMembersService({
    db: db.db,
    changes,
    mailer,
    log: app.log,
    afterAnswer: afterAnswer.run,
    isProduction: config.isProduction,
  });
  // The platform admin's screens (decision 0035): device management.
  const deviceManagement = createDeviceManagementService({ db: db.db });
  // Planners' billing, PDF exports and one-time usage (decision 0038).
  const plannerUsage = createPlannerUsageService({ db: db.db });
  // Attraction uniqueness groups (decision 0040): managers' own records, a platform admin's all; searches show the main.
  const uniqueness = createUniquenessService({ db: db.db, changes });
  // The access key of a private trip and joining it (decision 0028): locks the trip, then the key; copies with ride-editing's copy.
  // A one-time key's join claims it (decision 0030: one person, ever), in the join's transaction.
  const accessKeys = createAccessKeysService({
    db: db.db,
    changes,
    log: app.log,
    claimOneTimeKey: claimOneTimeKeyForJoin,
    afterAnswer: afterAnswer.run,
  });
  // A client's opens of a private trip, counted after the trip header's answer; the planner's first-open mail (0028).
  const clientOpens = createClientOpens({ db: db.db, mailer, log: app.log, afterAnswer: afterAnswer.run });
  app.decorate('clientOpens', clientOpens);
  // The trip's calendar (ICS feed), GPX and KML files through the same view policy (issue 19, decision 0033).
  const tripExports = createTripExportService({
    db: db.db,
    rides,
    uidHost: new URL(config.publicUrl ?? 'http://localhost').hostname,
  });
  // Comments, votes and shared lists of a trip (issue 33 points 4, 5; decision 0066): the together policy on the view
  // policy's cached facts, every write one locked, logged and published transaction; mentions mailed as a digest.
  const accessFacts = (rideId: number) => rides.accessFacts(rideId);
  const tripComments = createTripCommentsService({ db: db.db, changes, accessFacts });
  const tripLists = createTripListsService({ db: db.db, changes, accessFacts });
  // Bookings in (issue 34, decision 0068): confirmations read into a preview, confirmed onto the trip's days; mail to
  // a trip's own address received by our SMTP listener when INBOUND_SMTP_PORT and INBOUND_MAIL_DOMAIN are set.
  const bookings = createBookingsService({
    db: db.db,
    changes,
    editRide: editTrip,
    places: placesProvider,
    accessFacts,
    mailDomain: config.inboundMail?.domain ?? null,
    llm: createLlm(config.llm),
    mailer,
    publicAddress: config.publicUrl ?? `http://localhost:${config.port}`,
    log: app.log,
  });
  // A trip's money (issue 35, decision 0069): expenses frozen at their day's reference rate (the rates provider, kept
  // in the database), splits, balances and the settle-up.
  const money = createMoneyService({
    db: db.db,
    changes,
    accessFacts,
    rates: createRatesService({ provider: createRatesProvider(config.rates), log: app.log }),
  });
  // Legs of a day (issue 36, decision 0071): the contract's estimate, or the configured routing services' answers
  // within 2 s (kept in routed_legs, shared by every process). Requests still running finish before the server closes.
  const routedLegs = createRoutedLegs({ providers: createRoutingProviders(config.routing), log: app.log });
  app.addHook('onClose', () => routedLegs.settled());
  const legs = createLegsService({ db: db.db, rides, routing: routedLegs });
  // A better order for a day (issue 36 point 4, decision 0072): the contract's heuristic on the legs' estimate.
  const dayOrder = createDayOrderService({ db: db.db, rides });
  // The account's own settings: its home currency (issue 35) and the longest day it plans (issue 36 point 3).
  const accountSettings = createAccountSettingsService({ db: db.db });
  // The day's warnings (issue 36 point 3, decision 0073): hours, Israel's closures and timing, on the legs' own figures;
  // a day too long for the reader's own limit.
  const checks = createChecksService({ rides, legs, dayLimitSOf: accountSettings.dayLimitSOf });
  // Living copies (issue 37, decision 0075): a copy's updates from its original, merged three ways.
  const lineage = createLineageService({ db: db.db, rides, editTrip });
  // A planner's push of a template's updates into the clients' copies (issue 37 point 4), the owners mailed after.
  const push = createPushService({ db: db.db, rides, editTrip, mailer, log: app.log, afterAnswer: afterAnswer.run });
  const inbound = config.inboundMail;
  if (inbound) {
    let listener: Awaited<ReturnType<typeof startInboundSmtp>> | undefined;
    app.addHook('onReady', async () => {
      listener = await startInboundSmtp({
        port: inbound.port,
        host: inbound.host,
        domain: inbound.domain,
        resolveRecipient: async (local) => {
          const tripId = await bookings.tripOfAddress(local);
          return tripId === undefined ? null : String(tripId);
        },
        accept: (mail) =>
          bookings.receiveMail({ tripId: Number(mail.tripId), from: mail.from, raw: mail.raw }),
        log: app.log,
      });
    });
    app.addHook('onClose', async () => listener?.close());
  }
  const mentionDigest = createMentionDigest({
    db: db.db,
    mailer,
    publicAddress: config.publicUrl ?? `http://localhost:${config.port}`,
    log: app.log,
  });
  app.decorate('mentionDigest', mentionDigest);
  const stopDigest = mentionDigest.every(config.mentionDigestMinutes);
  app.addHook('onClose', async () => stopDigest());
  // The trip as a PDF through the same view policy, each export recorded for billing (issue 19, decision 0032).
  // The PDF's day maps name the gazetteer's towns (issue 30 point 8).
  const pdf = createPdfService({
    db: db.db,
    rides,
    log: app.log,
    pool: deps.pdfPool,
    // The exporters' cost budgets per minute, shared by every process through Redis when it is set (decision 0050).
    costStore: redis ? redisCostStore(redis) : memoryCostStore(),
    towns: (box, limit, language) => placesProvider.local.townsWithin(box, limit, language),
  });
  // The render workers end with the server (after the requests in flight: Fastify closes the listener first).
  app.addHook('onClose', () => pdf.close());
  app.decorate('pdf', pdf);

  await app.register(
    async (api) => {
      await api.register(platformRoutes, {
        config,
        db,
        changeFeed: () => (listener ? (listener.listening ? 'listening' : 'reconnecting') : 'none'),
      });
      await api.register(accountsRoutes, { accounts });
      await api.register(accountSettingsRoutes, { settings: accountSettings });
      await api.register(contactRoutes, { contact });
      await api.register(deviceManagementRoutes, { deviceManagement });
      await api.register(plannerUsageRoutes, { plannerUsage });
      await api.register(tripsRoutes, {
        rides,
        onClientOpen: (rideId, userId, request) =>
          clientOpens.record(rideId, userId, deviceOf(request.headers['user-agent']), request.publicAddress),
      });
      await api.register(accessRoutes, { access });
      await api.register(accessKeysRoutes, { accessKeys, themes });
      await api.register(placesRoutes, { places });
      await api.register(searchRoutes, { search });
      await api.register(themesRoutes, { themes });
      await api.register(tripEditingRoutes, { editing, themes });
      await api.register(uploadsRoutes, { uploads });
      await api.register(accommodationsRoutes, { accommodations });
      await api.register(photosRoutes, { photos, accommodations });
      await api.register(attractionEditorRoutes, { editor: attractionEditor });
      await api.register(categoriesRoutes, { categories });
      await api.register(uniquenessRoutes, { uniqueness });
      await api.register(tripInformationRoutes, { information, themes });
      await api.register(userTripsRoutes, { userRides });
      await api.register(tripMembersRoutes, { members: tripMembers });
      await api.register(oneTimeLinksRoutes, { links: oneTimeLinks, themes });
      await api.register(tripExportRoutes, { exports: tripExports });
      await api.register(tripCommentsRoutes, { comments: tripComments });
      await api.register(tripListsRoutes, { lists: tripLists });
      await api.register(bookingsRoutes, { bookings });
      await api.register(moneyRoutes, { money });
      await api.register(legsRoutes, { legs });
      await api.register(dayOrderRoutes, { dayOrder });
      await api.register(checksRoutes, { checks });
      await api.register(lineageRoutes, { lineage, push });
      await api.register(pdfRoutes, { pdf });
      await api.register(tripEventsRoutes, { live, tickets: createEventsTickets(config.jwtSecret) });
    },
    { prefix: '/api' },
  );

  const page = createPageParts({
    ssrDist: config.webSsrDist,
    log: app.log,
    tripReads: (path) => tripPageReads(rides, path),
    subdomainOf: (hostname) => subdomainOfHost(hostname, config.subdomainDotCount),
  });
  await app.register(uploadedFiles, { storage: config.storage });
  await app.register(staticSpa, { webDist: config.webDist, page });
  return app;
}
