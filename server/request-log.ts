import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type LogLevel } from 'fastify';
import { maskUrl } from './logging';

type Level = Exclude<LogLevel, 'silent'>;
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/** The root logger as pino makes it: it can say whether a level is written. */
type ParentLogger = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };

/**
 * A request's logger without a pino child of its own until it needs one. Fastify makes a child for
 * every request, and pino's child serialises and redacts its bindings as it is made: work thrown
 * away on every request that writes nothing at the configured level. A line written before any
 * child exists goes through the root logger with the request's bindings among its fields (the
 * same JSON line), so the one line most requests write does not make a child either.
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: Bindings,
  ) {}

  get level(): string {
    return (this.#child ?? this.parent).level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  isLevelEnabled(level: Level): boolean {
    return (this.#child as ParentLogger | null ?? this.parent).isLevelEnabled?.(level) ?? true;
  }

  // Methods of the prototype, not closures made for each request's logger.
  fatal(...line: unknown[]): void {
    this.write('fatal', line);
  }

  error(...line: unknown[]): void {
    this.write('error', line);
  }

  warn(...line: unknown[]): void {
    this.write('warn', line);
  }

  info(...line: unknown[]): void {
    this.write('info', line);
  }

  debug(...line: unknown[]): void {
    this.write('debug', line);
  }

  trace(...line: unknown[]): void {
    this.write('trace', line);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  private real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings);
    return this.#child;
  }

  private write(level: Level, line: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    const [first, ...rest] = line;
    if (this.#child === null && typeof first === 'string') return call(this.parent, level, [this.bindings, first, ...rest]);
    if (this.#child === null && isPlainObject(first)) return call(this.parent, level, [{ ...this.bindings, ...first }, ...rest]);
    // Anything else (an Error as the first argument, which pino reads specially) goes through a real child.
    call(this.real(), level, line);
  }
}

function call(logger: FastifyBaseLogger, level: Level, line: unknown[]): void {
  (logger[level] as (...args: unknown[]) => void).apply(logger, line);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * Fastify's `childLoggerFactory`: a lazy child, unless the route sets its own level or serializers
 * (none does today), which a child must carry from the start.
 */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new RequestLogger(logger, bindings);
}

/**
 * One line per request, when it is answered: its id (bound to the request's logger), method, path
 * and query with personal numbers masked, status and time. Fastify's default is two lines (the
 * request as it arrives, with the caller's address, and its answer); the address is personal data
 * and the line as it arrives says nothing the one at the end does not.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // Built only when written: at most levels most requests write nothing.
    if (error) reply.log.error({ ...completedLine(request, reply), err: error }, 'request errored');
    else if ((reply.log as ParentLogger).isLevelEnabled?.('info') ?? true) reply.log.info(completedLine(request, reply), 'request completed');
  }
}

function completedLine(request: FastifyRequest, reply: FastifyReply) {
  return { method: request.method, url: maskUrl(request.url), statusCode: reply.statusCode, responseTime: reply.elapsedTime };
}
