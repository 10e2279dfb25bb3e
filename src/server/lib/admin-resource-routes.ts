import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAdmin, type AdminIdentity } from '../plugins/auth';

/**
 * The routes of an admin resource (list, create, update, delete), registered the one way every
 * admin tab's API works: the list at `path`, one item at `path/:id`; create answers 201, the
 * others 200; a write first names the signed-in admin (the services record it in the audit log),
 * and a service's HttpError (404 and the like) becomes the usual `{message}` answer. A feature's
 * routes file passes its schemas and services; what is special to it is registered beside.
 */

/** DELETE's usual answer: the id that is gone. */
export const deletedResponseSchema = z.object({ success: z.literal(true), id: z.number() });

type Schema = z.ZodType;
type Answer<S extends Schema> = Promise<z.input<S>>;

export type AdminResourceSchemas = {
  /** `{ id }` of `path/:id`; its messages are the resource's "not found". */
  idParams: z.ZodType<{ id: number }, unknown>;
  /** One item, as create and update answer it. */
  item: Schema;
  list?: Schema;
  create?: Schema;
  update?: Schema;
  /** DELETE's answer when it is not `{ success: true, id }`: the remove service then returns it. */
  removed?: Schema;
};

/** The services behind the routes; each gets the context (the database, or the feature's deps) first. */
export type AdminResourceServices<C, S extends AdminResourceSchemas> = {
  list?: (context: C) => Answer<NonNullable<S['list']>>;
  create?: (context: C, admin: AdminIdentity, body: z.output<NonNullable<S['create']>>) => Answer<S['item']>;
  update?: (context: C, admin: AdminIdentity, id: number, body: z.output<NonNullable<S['update']>>) => Answer<S['item']>;
  remove?: (context: C, admin: AdminIdentity, id: number) => S['removed'] extends Schema ? Answer<S['removed']> : Promise<void>;
};

export type AdminResourceOptions<C> = {
  /** What every service gets first: the database, or the feature's deps. */
  context: C;
  /** Runs after every successful write, e.g. to clear the public read cache. */
  afterWrite?: () => void;
};

/**
 * `const resource = adminResourceRoutes(app, { context: db })`, then one line a resource:
 * `resource('/api/admin/blog-posts', blogPostApiSchemas, { list, create, update, remove })`.
 */
export function adminResourceRoutes<C>(app: FastifyInstance, { context, afterWrite }: AdminResourceOptions<C>) {
  const written = <T>(result: T): T => {
    afterWrite?.();
    return result;
  };
  // The route's schemas have checked params and body before a handler runs.
  const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;

  return function resource<S extends AdminResourceSchemas>(path: string, schemas: S, services: AdminResourceServices<C, S>): void {
    const itemPath = `${path}/:id`;
    const { list, create, update, remove } = services;

    if (list && schemas.list) app.get(path, { schema: { response: { 200: schemas.list } } }, () => list(context));

    if (create && schemas.create) {
      app.post(path, { schema: { body: schemas.create, response: { 201: schemas.item } } }, async (request, reply) => {
        const admin = await requireAdmin(request);
        return reply.status(201).send(written(await create(context, admin, request.body as never)));
      });
    }

    if (update && schemas.update) {
      app.put(itemPath, { schema: { params: schemas.idParams, body: schemas.update, response: { 200: schemas.item } } }, async (request) =>
        written(await update(context, await requireAdmin(request), idOf(request), request.body as never)),
      );
    }

    if (remove) {
      app.delete(itemPath, { schema: { params: schemas.idParams, response: { 200: schemas.removed ?? deletedResponseSchema } } }, async (request) => {
        const id = idOf(request);
        const answer = await remove(context, await requireAdmin(request), id);
        return written(schemas.removed ? answer : { success: true as const, id });
      });
    }
  };
}
