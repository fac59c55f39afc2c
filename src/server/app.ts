import zlib from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, {
  type FastifyContextConfig,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { registerAccountRoutes } from './accounts/account-routes.js';
import { registerAccountSettingsRoutes } from './accounts/account-settings-routes.js';
import { registerApiTokenRoutes } from './accounts/api-token-routes.js';
import { LoginThrottle } from './accounts/login-throttle.js';
import { registerSessionGuard } from './accounts/require-session.js';
import { SessionCache } from './accounts/session-cache.js';
import { sessionLifetime } from './accounts/session-lifetime.js';
import { registerSessionRoutes } from './accounts/session-routes.js';
import { SessionChecker } from './accounts/session-service.js';
import { registerAttachments } from './attachments/attachments.js';
import { nowInSeconds } from './clock.js';
import type { Config } from './config.js';
import { tooManyRequests } from './domain-errors.js';
import { handleClientError } from './http/client-error-handler.js';
import { registerDurableAnswers } from './http/durable-answers.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerFinishAnswersOnClose } from './http/finish-answers-on-close.js';
import { registerHealthRoute } from './http/health-route.js';
import { registerJsonBodyParser } from './http/json-body-parser.js';
import { registerOpenApi } from './http/openapi.js';
import { registerPrivateAnswers } from './http/private-answers.js';
import { warnAboutUntrustedProxy } from './http/proxy-warning.js';
import { registerRequestDeadlines, serverTimeoutOptions } from './http/request-deadlines.js';
import { withPrivateRequestLog } from './http/request-log.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { SharedRateLimitStore } from './http/shared-rate-limit-store.js';
import { registerStaticClient, WEB_CLIENT_DIR } from './http/static-client.js';
import { registerBacklinkRoutes } from './links/backlink-routes.js';
import type { LiveBus } from './live/live-bus.js';
import { LiveHub } from './live/live-hub.js';
import { startSessionSweep } from './live/session-sweep.js';
import { DEFAULT_SOCKET_ADMISSION, type SocketAdmissionLimits } from './live/socket-admission.js';
import { registerLiveSocket } from './live/socket-route.js';
import { registerHistoryRoutes } from './notes/history-routes.js';
import { startHousekeeping } from './notes/housekeeping-timer.js';
import { registerNoteRoutes } from './notes/note-routes.js';
import { NoteService } from './notes/note-service.js';
import { registerRenameLinksRoute } from './notes/rename-links-route.js';
import { registerTrashRoutes } from './notes/trash-routes.js';
import { registerSignInRoutes, singleSignOnOf } from './oidc/sign-in-routes.js';
import { openSearchIndex } from './search/search-index.js';
import { registerSearchRoutes } from './search/search-routes.js';
import { registerSharePages } from './shares/share-page-routes.js';
import { registerShareRoutes } from './shares/share-routes.js';
import { ShareViews } from './shares/share-views.js';
import { registerSpellcheckRoutes } from './spellcheck/spellcheck-routes.js';
import { registerSpellingRoutes } from './spellcheck/spelling-routes.js';
import type { Database } from './storage/database.js';
import { registerExportRoute } from './transfer/export-route.js';
import { type ImportRouteOptions, registerImportRoute } from './transfer/import-route.js';

export interface AppOptions {
  config: Config;
  database: Database;
  bus: LiveBus;
  /** Fastify's logger setting; defaults to pino at the configured level. */
  logger?: FastifyServerOptions['logger'];
  /** Live socket timings; the defaults suit production, tests shorten them. */
  heartbeatMs?: number;
  authTimeoutMs?: number;
  /** How often open sockets' sessions are checked against the database. */
  sessionCheckMs?: number;
  /** How often the history and trash policy runs. */
  housekeepingMs?: number;
  /**
   * How long a checked session is trusted before it is read again (session-cache.ts); tests
   * that move sessions in time by editing the database set 0.
   */
  sessionCacheMs?: number;
  /** Unix seconds now; tests move it to see history age. */
  clock?: () => number;
  /** Bytes waiting to be sent past which a slow live socket is dropped. */
  socketBufferLimit?: number;
  /** Live socket limits; the per-account one defaults to LIVE_SOCKETS_PER_USER. */
  socketAdmission?: Partial<SocketAdmissionLimits>;
  /** How long reading an import may take, and how many run at once; tests change them. */
  imports?: Pick<ImportRouteOptions, 'readTimeoutMs' | 'importsAtOnce'>;
  webClientDir?: string;
}

const MAX_SOCKET_MESSAGE_BYTES = 16 * 1024;
const AUTH_RATE_WINDOW_MS = 60_000;

/**
 * Builds the whole HTTP application over a database and a live bus it is given (and does not
 * own): every plugin and route is registered here, by hand, in this order.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, bus } = options;
  const db = database.db;
  const app = Fastify({
    logger: withPrivateRequestLog(options.logger, config.logLevel),
    bodyLimit: config.bodyLimit,
    // Requests are validated strictly: unknown fields and wrong types are errors, not coerced.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false } },
    return503OnClosing: true,
    trustProxy: config.trustProxy,
    clientErrorHandler: handleClientError,
    ...serverTimeoutOptions(config),
  });
  const hub = new LiveHub(bus, options.socketBufferLimit);
  const lifetime = sessionLifetime(config);
  const throttle = new LoginThrottle(config.authRateLimit);
  const rateLimitConfig: FastifyContextConfig =
    config.authRateLimit > 0 ? { rateLimit: { max: config.authRateLimit } } : {};
  app.addHook('onClose', async () => hub.close());

  registerErrorHandling(app);
  registerRequestDeadlines(app, config);
  warnAboutUntrustedProxy(app, config);
  registerDurableAnswers(app, database);
  registerFinishAnswersOnClose(app);
  registerJsonBodyParser(app);
  registerSecurityHeaders(app, config);
  registerPrivateAnswers(app);
  await app.register(compress, {
    // A single note's answer is a kilobyte or two: setting up a compressor for it costs more CPU
    // than the few hundred bytes it saves. Lists and long notes are compressed.
    threshold: 8192,
    // Responses are compressed on the fly: low levels cost far less CPU than the defaults for a
    // long note list and give up little size (bench/RESULTS.md).
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
    zlibOptions: { level: 3 },
  });
  await app.register(rateLimit, {
    global: false,
    store: SharedRateLimitStore,
    timeWindow: AUTH_RATE_WINDOW_MS,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Too many attempts; try again in ${context.after}`),
  });
  await app.register(websocket, {
    options: { maxPayload: MAX_SOCKET_MESSAGE_BYTES },
    preClose(done) {
      for (const socket of this.websocketServer.clients) socket.close(1001, 'Server shutting down');
      done();
    },
  });

  // Ends announced on the bus (from any instance) reach the cache before the answer that ended
  // them; writes by another process (SQLite) empty it.
  const sessionCache = new SessionCache({
    writesElsewhere: database.writesElsewhere,
    maxAgeMs: options.sessionCacheMs,
  });
  const unsubscribeSessionCache = bus.subscribe({
    onSessionsEnded: (ended) => sessionCache.forget(ended),
    onResync: () => sessionCache.clear(),
  });
  app.addHook('onClose', async () => unsubscribeSessionCache());
  const sessions = new SessionChecker(db, lifetime, sessionCache);
  const authenticated = registerSessionGuard(app, sessions);
  await registerOpenApi(app);
  const attachments = config.attachments
    ? await registerAttachments(app, {
        database,
        settings: config.attachments,
        authenticated,
        clock: options.clock ?? nowInSeconds,
        housekeepingMs: options.housekeepingMs ?? 60 * 60_000,
        keepSeconds: (config.historyDays + config.trashDays) * 24 * 60 * 60,
        log: app.log,
      })
    : undefined;
  registerAccountRoutes(app, {
    db,
    bus,
    authenticated,
    policy: { allowSignup: config.allowSignup, scryptCost: config.scryptCost },
    rateLimit: rateLimitConfig,
    throttle,
    maxNoteBytes: config.bodyLimit,
    singleSignOn: singleSignOnOf(config.oidc),
  });
  registerSignInRoutes(app, { db, oidc: config.oidc, rateLimit: rateLimitConfig });
  registerSessionRoutes(app, { db, bus, authenticated, lifetime });
  registerApiTokenRoutes(app, { db, bus, authenticated, rateLimit: rateLimitConfig, throttle });
  registerAccountSettingsRoutes(app, {
    db,
    bus,
    authenticated,
    rateLimit: rateLimitConfig,
    throttle,
    scryptCost: config.scryptCost,
    afterAccountDeleted: attachments?.afterAccountDeleted,
  });
  registerSpellingRoutes(app, { db, authenticated, clock: options.clock ?? nowInSeconds });
  const notes = new NoteService(db, bus, app.log, options.clock ?? nowInSeconds);
  registerNoteRoutes(app, { database, notes, authenticated });
  registerHistoryRoutes(app, { db, notes, authenticated });
  registerTrashRoutes(app, { db, notes, authenticated });
  registerRenameLinksRoute(app, { db, notes, authenticated });
  registerBacklinkRoutes(app, { db, authenticated });
  if (config.sharing) {
    const clock = options.clock ?? nowInSeconds;
    const views = new ShareViews(db, app.log);
    app.addHook('onClose', () => views.flush());
    registerShareRoutes(app, {
      db,
      bus,
      authenticated,
      scryptCost: config.scryptCost,
      clock,
      views,
    });
    registerSharePages(app, {
      db,
      bus,
      clock,
      views,
      throttle: new LoginThrottle(config.authRateLimit),
      blobs: attachments?.store.blobs,
      webClientDir: options.webClientDir ?? WEB_CLIENT_DIR,
      requestsPerMinute: config.shareRateLimit,
      writesElsewhere: database.writesElsewhere,
    });
  }
  registerExportRoute(app, { db, authenticated, blobs: attachments?.store.blobs });
  await registerImportRoute(app, {
    notes,
    authenticated,
    importLimit: config.importLimit,
    maxNoteBytes: config.bodyLimit,
    attachments: attachments?.store,
    ...options.imports,
  });
  const stopHousekeeping = startHousekeeping(db, config, {
    intervalMs: options.housekeepingMs ?? 60 * 60_000,
    log: app.log,
  });
  app.addHook('onClose', async () => stopHousekeeping());
  const searchIndex = openSearchIndex(database, bus, app.log);
  app.addHook('onClose', () => searchIndex.close());
  registerSearchRoutes(app, { database, index: searchIndex, authenticated });
  registerHealthRoute(app, { db, backupsScheduled: config.backups !== undefined });
  registerLiveSocket(app, {
    db,
    hub,
    sessions,
    admission: {
      ...DEFAULT_SOCKET_ADMISSION,
      perUser: config.liveSocketsPerUser,
      ...options.socketAdmission,
    },
    heartbeatMs: options.heartbeatMs ?? 30_000,
    authTimeoutMs: options.authTimeoutMs,
  });
  const stopSessionSweep = startSessionSweep({
    db,
    hub,
    lifetime,
    intervalMs: options.sessionCheckMs ?? 30_000,
    log: app.log,
  });
  app.addHook('onClose', async () => stopSessionSweep());
  registerSpellcheckRoutes(app);
  await registerStaticClient(app, options.webClientDir);
  return app;
}
