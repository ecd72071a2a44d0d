import { WechatApi } from '@srm/contracts';
import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino from 'pino';
import pretty from 'pino-pretty';
import type { AppConfig } from '../config';

/**
 * The URL as logged: images and /home?token= carry the session token in the query string, and a
 * WeChat callback's query is a signature that could be replayed (with the scanner's openid).
 */
export function logUrl(url: string): string {
  if (url.startsWith(WechatApi.callback)) return url.replace(/\?.*$/, '?[redacted]');
  if (!url.includes('token=')) return url;
  return url.replace(/([?&]token=)[^&]*/gi, '$1[redacted]');
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger (with its request id) made on its first line: most requests write none, and
 * pino's child costs about what the rest of a small request's hooks do together.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
  fatal(...args: LogArgs): void {
    this.logger.fatal(...args);
  }
  error(...args: LogArgs): void {
    this.logger.error(...args);
  }
  warn(...args: LogArgs): void {
    this.logger.warn(...args);
  }
  info(...args: LogArgs): void {
    this.logger.info(...args);
  }
  debug(...args: LogArgs): void {
    this.logger.debug(...args);
  }
  trace(...args: LogArgs): void {
    this.logger.trace(...args);
  }
  silent(...args: LogArgs): void {
    this.logger.silent(...args);
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/**
 * The server's logger: pino at the configured level (`LOG_LEVEL`, `info` by default), the session
 * headers redacted. One JSON line per entry for a log collector; read as text (pino-pretty, written
 * synchronously in this process) when stdout is a terminal, i.e. a person ran `npm start`. Null
 * when logging is off (tests).
 */
export function createLogger(
  config: Pick<AppConfig, 'logger' | 'logLevel' | 'logStream'>,
  // A stream of its own (tests read one) gets JSON unless asked.
  terminal = !config.logStream && Boolean(process.stdout.isTTY),
): FastifyBaseLogger | null {
  if (!config.logger) return null;
  const options = { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.token'] };
  const stream = terminal
    ? pretty({
        sync: true,
        destination: config.logStream ?? 1,
        colorize: !config.logStream,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname',
      })
    : config.logStream;
  return stream ? pino(options, stream) : pino(options);
}

/**
 * Fastify runs without a logger of its own (`logger: false`) and the app's logger is set on it
 * after it is made (`app.log`, core/platform.ts). Given one, Fastify puts two listeners on every
 * response and reads the clock twice to time it (a few microseconds of a small request,
 * docs/PERFORMANCE.md), only for its two lines per request, which the product turns off.
 * Each request still logs with its id: `childLoggerFactory` gives it a RequestLogger on the app's
 * logger, so Fastify's own warnings about a request (a stream failing mid-answer, a reply sent
 * twice) are written as before.
 */
export function loggerOptions(
  logger: FastifyBaseLogger | null,
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'childLoggerFactory'> {
  if (!logger) return { logger: false };
  return {
    logger: false,
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (_none, bindings, options) => new RequestLogger(logger, bindings, options),
  };
}

/**
 * One access line per answered request, at `debug`: method, URL (token and WeChat signature
 * redacted), HTTP status and milliseconds, with the request id Fastify binds to the request's
 * logger. At the default `info` there is none: writing a line per request costs about a fifth of
 * a simple call's CPU, and the request log (`sys_request_log`) already keeps every write, failure
 * and slow read. Above `debug` the hook is not registered at all (the level is set at start).
 */
export function registerAccessLog(app: FastifyInstance, config: Pick<AppConfig, 'logger'>): void {
  if (!config.logger || !['trace', 'debug'].includes(app.log.level)) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.debug(
      {
        method: request.method,
        url: logUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });
}
