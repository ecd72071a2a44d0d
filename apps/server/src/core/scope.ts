import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { SignedInTypeProvider } from './context';
import { AppError } from './errors';

/** A signed-in scope: its handlers see `request.auth` as present. */
export type SignedInScope = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  SignedInTypeProvider
>;

/** Routes that need a signed-in user: registered by a domain's index.ts through `signedIn`. */
export type SignedInRoutes = FastifyPluginAsync<Record<never, never>, RawServerDefault, SignedInTypeProvider>;

/**
 * Registers route plugins in an encapsulated scope for signed-in users. The session hook
 * (auth/hook.ts) already answers 600/601/602 before any handler of a route that needs a session;
 * this scope's own check makes a route that asks for less (`config.auth`) fail loudly instead of
 * reaching a handler without a user.
 */
export function signedIn(...plugins: SignedInRoutes[]) {
  return async function signedInScope(app: FastifyInstance): Promise<void> {
    const scope = app.withTypeProvider<SignedInTypeProvider>();
    scope.addHook('onRequest', (request, _reply, done) => {
      done(request.auth ? undefined : new AppError(600, 'auth.tokenMissing'));
    });
    for (const plugin of plugins) await scope.register(plugin);
  };
}

/** A request of a signed-in scope, for helpers of a route file that take the handler's request. */
export type SignedInRequest<RouteGeneric extends RouteGenericInterface = RouteGenericInterface> =
  FastifyRequest<
    RouteGeneric,
    RawServerDefault,
    RawRequestDefaultExpression,
    FastifySchema,
    SignedInTypeProvider
  >;
