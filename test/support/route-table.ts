import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { ROLES, type Role } from '../../machines/roles.js';
import { PUBLIC_ROUTE, ROUTE_ROLES } from '../../server/src/platform/auth/auth.decorators.js';
import { ANSWER_NOT_KEPT } from '../../server/src/platform/http/idempotency.guard.js';

type Class = abstract new (...args: never[]) => unknown;

/** One HTTP route as the running application declares it. */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Express-style template, e.g. `/core/api/v3/customers/:id/`. */
  path: string;
  /** `METHOD path`: the key of the route's entry in the world's route notes. */
  name: string;
  controller: string;
  handler: string;
  isPublic: boolean;
  /** Roles the route names; empty for public routes (and for routes that forgot to name any). */
  roles: Role[];
  params: string[];
  /** The DTO of the JSON body (an array DTO is `Array`), when the handler takes one. */
  body: Class | null;
  /** The DTO of the query string, when the handler takes one. */
  query: Class | null;
  /** A command whose answer carries a secret: a repeat under its Idempotency-Key runs again. */
  answerNotKept: boolean;
}

const METHODS: Partial<Record<RequestMethod, Route['method']>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.DELETE]: 'DELETE',
};

function joinPath(...parts: (string | string[] | undefined)[]): string {
  const segments = parts
    .map((part) => (Array.isArray(part) ? part[0] : part) ?? '')
    .flatMap((part) => part.split('/'))
    .filter(Boolean);
  const last = parts.map((part) => (Array.isArray(part) ? part[0] : part) ?? '').filter(Boolean);
  const trailing = last.length > 0 && last[last.length - 1].endsWith('/');
  return `/${segments.join('/')}${trailing && segments.length > 0 ? '/' : ''}`;
}

function metadataOf<T>(key: string, ...targets: object[]): T | undefined {
  for (const target of targets) {
    const value = Reflect.getMetadata(key, target) as T | undefined;
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * Every route of every controller the application registered, read from Nest's own metadata (the same
 * metadata the router and the auth guard read), so a new route shows up here without anyone listing it.
 */
export function routeTable(app: INestApplication): Route[] {
  const routes: Route[] = [];
  const seen = new Set<Class>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Class | null;
      if (!controller || seen.has(controller)) continue;
      seen.add(controller);
      const prefix = Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const handler of Object.getOwnPropertyNames(prototype)) {
        if (handler === 'constructor') continue;
        const fn = prototype[handler];
        if (typeof fn !== 'function') continue;
        const methodCode = Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod | undefined;
        const own = Reflect.getMetadata(PATH_METADATA, fn) as string | string[] | undefined;
        if (methodCode === undefined || own === undefined) continue;
        const method = METHODS[methodCode];
        if (!method)
          throw new Error(`${controller.name}.${handler} uses an HTTP method the table does not know`);
        const path = joinPath(prefix, own);
        const isPublic = metadataOf<boolean>(PUBLIC_ROUTE, fn, controller) === true;
        const roles = isPublic ? [] : (metadataOf<Role[]>(ROUTE_ROLES, fn, controller) ?? []);
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<
          string,
          { index: number }
        >;
        const types = (Reflect.getMetadata('design:paramtypes', prototype, handler) ?? []) as Class[];
        const argOf = (kind: RouteParamtypes): Class | null => {
          const entry = Object.entries(args).find(([key]) => key.split(':')[0] === String(kind));
          if (!entry) return null;
          const type = types[entry[1].index];
          return type && type !== (Object as unknown as Class) ? type : null;
        };
        routes.push({
          method,
          path,
          name: `${method} ${path}`,
          controller: controller.name,
          handler,
          isPublic,
          roles: roles.filter((role) => (ROLES as readonly string[]).includes(role)),
          params: [...path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]),
          body: argOf(RouteParamtypes.BODY),
          query: argOf(RouteParamtypes.QUERY),
          answerNotKept: Reflect.getMetadata(ANSWER_NOT_KEPT, fn) === true,
        });
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** The properties a DTO validates, as class-validator knows them (inherited ones included). */
export function dtoFields(dto: Class | null): string[] {
  if (!dto || dto === (Array as unknown as Class)) return [];
  const metadata = getMetadataStorage().getTargetValidationMetadatas(
    dto as unknown as new () => unknown,
    '',
    true,
    false,
  );
  return [...new Set(metadata.map((m) => m.propertyName))].sort();
}

/** Fills a template's `:params` with the given values (each URL-encoded unless told otherwise). */
export function fillPath(
  path: string,
  values: Record<string, string>,
  options: { raw?: boolean } = {},
): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${path}`);
    return options.raw ? value : encodeURIComponent(value);
  });
}

const registered = new WeakMap<INestApplication, string[]>();

/** Starts recording the routes the HTTP server registers: call it before `app.init()`. */
export function recordRoutes(app: INestApplication): void {
  const names: string[] = [];
  registered.set(app, names);
  const server = app.getHttpAdapter().getInstance() as {
    addHook(name: 'onRoute', hook: (route: { method: string | string[]; url: string }) => void): void;
  };
  server.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // HEAD answers every GET route by itself.
    for (const method of methods) if (method !== 'HEAD') names.push(`${method} ${route.url}`);
  });
}

/** `METHOD path` of every route the HTTP server serves, as registered (for checking the table against). */
export function servedRoutes(app: INestApplication): string[] {
  const names = registered.get(app);
  if (!names) throw new Error('recordRoutes(app) was not called before the app started');
  return names;
}
