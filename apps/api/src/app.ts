import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Database } from '@muster/db/client';
import { registerFieldCipher } from '@muster/db/encryption';
import type { JobQueue } from '@muster/db/jobs';
import type { Config } from './config/env.ts';
import { createFieldCipher, type KeyRing } from './lib/crypto.ts';
import {
  registerErrorHandlers,
  registerRequestIdHeader,
  type ErrorReporter,
} from './lib/error-handler.ts';
import type { ErrorReporting } from './lib/error-reporting.ts';
import { registerJsonBodyParser } from './lib/json-body.ts';
import { loggerOptions, registerRequestLogScope, scopedLogger } from './lib/logger.ts';
import { markSharedSession } from './lib/prepared.ts';
import { createAuth, type Auth } from './modules/auth/auth.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import type { CachedSession } from './modules/auth/require-user.ts';
import { SessionCache } from './modules/auth/session-cache.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { outboxRoutes } from './modules/mail/outbox.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { calculatorRoutes } from './modules/calculator/calculator.routes.ts';
import { conditionRoutes } from './modules/conditions/conditions.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { preferencesRoutes } from './modules/preferences/preferences.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { createAiEngine, type AiEngine } from './modules/ai/ai.engine.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { cfileRoutes } from './modules/cfiles/cfiles.routes.ts';
import { plainCopyDir } from './modules/cfiles/plain-copy.ts';
import { decisionLetterRoutes } from './modules/decision-letters/decision-letters.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { uploadRoutes } from './modules/storage/uploads.routes.ts';
import { threadRoutes } from './modules/threads/threads.routes.ts';
import { veteranRoutes } from './modules/veterans/veterans.routes.ts';
import { disabilityRoutes } from './modules/disabilities/disabilities.routes.ts';
import { personalStatementRoutes } from './modules/personal-statements/personal-statements.routes.ts';
import { laymanStatementRoutes } from './modules/layman-statements/layman-statements.routes.ts';
import { nexusLetterRoutes } from './modules/nexus-letters/nexus-letters.routes.ts';
import { providerRequestRoutes } from './modules/nexus-letters/provider-requests.routes.ts';
import { readinessRoutes } from './modules/readiness/readiness.routes.ts';
import { claimRoutes } from './modules/claims/claims.routes.ts';
import { vaFormRoutes } from './modules/va-forms/va-forms.routes.ts';
import { quotaRoutes } from './modules/quotas/quotas.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import {
  vaCallbackRoutes,
  vaIntegrationRoutes,
} from './modules/va-integrations/va-integrations.routes.ts';
import { intentToFileRoutes } from './modules/intent-to-file/intent-to-file.routes.ts';
import { deadlineRoutes } from './modules/deadlines/deadlines.routes.ts';
import { vaConditionRoutes } from './modules/va-conditions/va-conditions.routes.ts';
import { vaClaimRoutes } from './modules/va-claims/va-claims.routes.ts';
import { vsoRoutes } from './modules/vso/vso.routes.ts';
import { createJobDefinitions, superviseJobs, type JobDefinitions } from './jobs/registry.ts';
import { localStorageRoutes } from './modules/storage/local-storage.routes.ts';
import { isPendingUpload } from './modules/storage/storage.service.ts';
import { createStorage } from './modules/storage/storage.ts';
import type { StorageDriver } from './modules/storage/storage-driver.ts';
import { registerCompression } from './plugins/external/compression.ts';
import { httpHardening } from './plugins/external/http-hardening.ts';
import { registerOpenApi } from './plugins/external/openapi.ts';
import { registerSecurity } from './plugins/external/security.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    storage: StorageDriver;
    keyRing: KeyRing;
    jobs: JobQueue | undefined;
    mailer: Mailer;
    /** The assistant's engine: the configured model, or the offline engine. */
    ai: AiEngine;
    auth: Auth;
    /** Sessions this instance looked up in the last few seconds (signed-in reads skip the lookup). */
    sessionCache: SessionCache<CachedSession>;
    jobDefinitions: JobDefinitions;
    /** Every route as registered (the fuzz and authorization suites walk it). */
    routeTable: RouteEntry[];
  }
}

export type RouteEntry = {
  method: string;
  url: string;
  hasBody: boolean;
  hidden: boolean;
  /** The route's own body and query schemas (zod), so suites can generate input from them. */
  bodySchema?: unknown;
  querySchema?: unknown;
};

export type AppDeps = {
  config: Config;
  database: Database;
  keyRing: KeyRing;
  jobs?: JobQueue | undefined;
  redis?: Redis | undefined;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
};

/**
 * Builds the API: external plugins (security, docs) → app decorators → feature modules → error
 * handlers. Knows nothing about ports or signals (server.ts does).
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const hardening = httpHardening(config.http);
  const app = Fastify({
    ...hardening.options,
    logger: deps.logStream
      ? { ...loggerOptions(config.logLevel), stream: deps.logStream }
      : loggerOptions(config.logLevel),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Local storage links carry their signed grant as a path segment (a few hundred characters).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
  }).withTypeProvider<ZodTypeProvider>();
  // First, so that every answer names its request, even those made by the hooks below.
  registerRequestIdHeader(app);
  hardening.register(app);
  await registerCompression(app);

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routeTable.push({
        method,
        url: route.url,
        hasBody: Boolean(route.schema?.body),
        hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide),
        bodySchema: route.schema?.body,
        querySchema: route.schema?.querystring,
      });
    }
  });

  registerJsonBodyParser(app);
  registerRequestLogScope(app);
  // Lines logged by code that has no request or job at hand still carry the request or job id.
  const log = scopedLogger(app.log);
  const reporting = await startErrorReporting(config);
  // Reports still queued are sent before the process ends.
  if (reporting) app.addHook('onClose', async () => void (await reporting.flush(2000)));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const storage = createStorage({
    s3: config.s3,
    dataDir: config.dataDir,
    apiUrl: config.urls.api,
    keyRing: deps.keyRing,
  });
  app.decorate('config', config);
  app.decorate('database', deps.database);
  if (deps.database.kind === 'pglite') markSharedSession(deps.database.db);
  app.decorate('storage', storage.driver);
  app.decorate('keyRing', deps.keyRing);
  app.decorate('jobs', deps.jobs);
  const jobDefinitions = createJobDefinitions({
    storage: storage.driver,
    keyRing: deps.keyRing,
    ai: config.ai,
    mail: config.mail,
    appUrl: config.urls.app,
    log,
    cfiles: { ...config.cfiles, tmpDir: plainCopyDir(config.dataDir) },
    jobs: () => app.jobs,
  });
  superviseJobs(jobDefinitions, {
    log: app.log,
    report: reporting && ((error, tags) => reporting.report(error, tags)),
  });
  app.decorate('jobDefinitions', jobDefinitions);
  // Encrypted columns seal and open values with this app's key ring.
  const unregisterCipher = registerFieldCipher(createFieldCipher(deps.keyRing));
  app.addHook('onClose', async () => unregisterCipher());
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    db: deps.database.db,
  });
  app.decorate('mailer', mailer);
  app.decorate('ai', createAiEngine(config.ai));
  app.decorate(
    'auth',
    createAuth({ config, db: deps.database.db, keyRing: deps.keyRing, mailer, logger: log }),
  );
  app.addHook('onClose', async () => mailer.close());
  app.decorate('sessionCache', new SessionCache<CachedSession>());

  await registerSecurity(app, {
    allowedOrigins: [config.urls.app, config.urls.site],
    rateLimit: config.rateLimit,
    redis: deps.redis,
    redisPrefix: config.rateLimit.redisPrefix,
  });
  // The API description helps attackers as much as integrators: off in production unless asked for.
  if (config.apiDocs) await registerOpenApi(app, { apiUrl: config.urls.api });
  registerErrorHandlers(app, reporting && requestReporter(reporting));

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(billingRoutes);
  await app.register(quotaRoutes);
  await app.register(calculatorRoutes);
  await app.register(conditionRoutes);
  await app.register(preferencesRoutes);
  await app.register(searchRoutes);
  await app.register(threadRoutes);
  await app.register(chatRoutes);
  await app.register(uploadRoutes);
  await app.register(documentRoutes);
  await app.register(decisionLetterRoutes);
  await app.register(cfileRoutes);
  await app.register(veteranRoutes);
  await app.register(disabilityRoutes);
  await app.register(personalStatementRoutes);
  await app.register(laymanStatementRoutes);
  await app.register(nexusLetterRoutes);
  await app.register(providerRequestRoutes);
  await app.register(readinessRoutes);
  await app.register(claimRoutes);
  await app.register(vaCallbackRoutes);
  await app.register(vaIntegrationRoutes);
  await app.register(intentToFileRoutes);
  await app.register(deadlineRoutes);
  await app.register(vaConditionRoutes);
  await app.register(vaClaimRoutes);
  await app.register(vsoRoutes);
  await app.register(vaFormRoutes);
  await app.register(contactRoutes);
  // The embedded outbox is a development tool: never served in production or with real SMTP.
  if (mailer.transport === 'outbox' && config.nodeEnv !== 'production') {
    await app.register(outboxRoutes);
  }
  if (storage.local) {
    await app.register(
      localStorageRoutes({
        storage: storage.local,
        signer: storage.signer,
        root: path.join(config.dataDir, 'files'),
        isPending: (key) => isPendingUpload({ db: deps.database.db, storageKey: key }),
      }),
    );
  }
  return app;
}

/**
 * Loads and starts error reporting when a Sentry DSN is configured. The SDK is imported only then:
 * without a DSN nothing of it is loaded and nothing is sent.
 */
async function startErrorReporting(config: Config): Promise<ErrorReporting | undefined> {
  if (!config.errorReporting) return undefined;
  const { startErrorReporting: start } = await import('./lib/error-reporting.ts');
  return start(config.errorReporting);
}

/** Unexpected request failures, tagged with the request id, the route pattern and the method. */
function requestReporter(reporting: ErrorReporting): ErrorReporter {
  return (error, request) =>
    reporting.report(error, {
      request_id: request.id,
      route: request.routeOptions.url,
      method: request.method,
    });
}
