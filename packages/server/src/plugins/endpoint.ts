// Registers a route from an endpoint of the contracts (contracts common/endpoint.ts): its method, path,
// params, query, body and response schemas and its success status come from the endpoint, so no path is
// written twice and the handler's input and return types are the endpoint's. Who may call it stays here,
// on the server: every call names its access (config.access, checked by plugins/auth.ts), and the route
// records the schemas under route.schema as before (the route registry, access and input-walker tests).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointReply } from '@ubo/contracts';
import type { Access } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contracts endpoint this route was registered from (test/endpoints.test.ts reads it). */
    endpoint?: Endpoint;
  }
}

export interface EndpointConfig {
  access: Access;
  allowMustChange?: boolean;
  allowExpired?: boolean;
  /** OpenAPI tags of /api/docs. */
  tags?: readonly string[];
  /**
   * Write the handler's answer with JSON.stringify instead of serialising it through the response schema
   * (which still documents it): for an answer built field by field from typed rows that is too large
   * to re-validate (a month's bill-run preview).
   */
  stringifyAnswer?: boolean;
}

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}>;

export type EndpointHandler<E extends Endpoint> = (req: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointReply<E>>;

/**
 * Serves `endpoint` with `handler`; the handler's result is sent with the endpoint's success status. A
 * file endpoint's handler sends the file through `reply` (content type, disposition) and returns it.
 */
export function serve<E extends Endpoint>(app: FastifyInstance, endpoint: E, config: EndpointConfig, handler: EndpointHandler<E>): void {
  const { tags, stringifyAnswer, ...routeConfig } = config;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...routeConfig, endpoint },
    schema: {
      ...(tags ? { tags: [...tags] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      // A body that may also be an upload (consumes) is checked by the handler: the schema would refuse the file.
      ...(endpoint.body && !endpoint.consumes ? { body: endpoint.body } : {}),
      ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
      // A file endpoint's handler sends the file itself: no schema to serialise through.
      ...(endpoint.response ? { response: { [endpoint.status]: endpoint.response } } : {}),
    },
    ...(stringifyAnswer ? { serializerCompiler: () => (data: unknown) => JSON.stringify(data) } : {}),
    handler: async (req, reply) => {
      const result = await handler(req as unknown as EndpointRequest<E>, reply);
      if (endpoint.status !== 200) reply.code(endpoint.status);
      return result;
    },
  });
}
