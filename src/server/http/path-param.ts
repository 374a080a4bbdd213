import type { Request } from 'express';

/** A named segment of the route's path (Express 5 types a wildcard's as a list: never one here). */
export function pathParam(req: Pick<Request, 'params'>, name: string): string {
  const value = (req.params as Record<string, string | string[] | undefined>)[name];
  return typeof value === 'string' ? value : '';
}
