import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../core/auth.js';
import type { Html } from './html.js';
import type { Action } from './roles.js';
import type { View } from './views.js';

/**
 * What an area of the dashboard (src/dashboard/<area>/routes.ts) is given to serve its pages. Its
 * routes are registered behind the session check: every request has a signed-in session, and every
 * POST the session's CSRF token in its `_csrf` field.
 */
export interface DashboardKit {
  /** The page as the answer (HTML, never cached, under the pages' Content-Security-Policy). */
  send(reply: FastifyReply, page: Html, status?: number): FastifyReply;
  /** 303 to `location` (after a change, so that reloading does not repeat it). */
  seeOther(reply: FastifyReply, location: string): FastifyReply;
  /** The view of the signed-in request; 403 unless the session's role may do `action`. */
  view(request: FastifyRequest, action?: Action): Promise<View>;
  /** The API's caller for the view's session: its platform, in the environment it looks at. */
  caller(view: View): Caller;
}

/** An area of the dashboard: registers its routes on the signed-in scope; its services are bound when it is made. */
export type DashboardArea = (scope: FastifyInstance, kit: DashboardKit) => Promise<void>;

/** The dashboard's routes are pages, not API: left out of the OpenAPI document. */
export const HIDDEN = { hide: true } as const;
