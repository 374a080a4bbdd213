// `/db`: the door. Every request is parsed and classified once (proxy/endpoints.ts): a path that
// is not on the closed list is 404 and a bad one 400, before authentication and before any body is
// read. Server-level calls (`/`, `_session`, `_users`, `accounts`) go to session-routes.ts, the
// rest to one database's handler (db-proxy.ts).
import type { RequestHandler } from 'express';
import type { AppContext } from '../context.ts';
import { asyncRoute } from '../http/async-route.ts';
import { parseDbRequest } from '../proxy/endpoints.ts';
import { databaseHandler } from './db-proxy.ts';
import { serverEndpoints } from './session-routes.ts';

export function dbRoutes(ctx: AppContext): RequestHandler {
  const server = serverEndpoints(ctx);
  const database = databaseHandler(ctx);
  return asyncRoute(async (req, res) => {
    const request = parseDbRequest(req.method, req.originalUrl);
    const { endpoint } = request;
    if (endpoint.area === 'server') return server[endpoint.kind](req, res, request, endpoint);
    return database(req, res, request);
  });
}
