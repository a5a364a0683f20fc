import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

/** What a lazily loaded route module provides (React Router's lazy route shape). */
export type RouteModule = {
  Component: ComponentType;
  loader?: LoaderFunction;
};

export type LazyRouteModule = () => Promise<RouteModule>;

/** One screen of the app: its path, title, gate, code and children. */
export type AppRoute = {
  /** Absolute path pattern, always taken from `config/paths.ts`. */
  path: string;
  /** Screen name: the page's <h1> and the document title. */
  title: string;
  /** Needs a session and an allowed subscription (see `ProtectedRouteGate`). Children inherit it. */
  isProtected: boolean;
  /** Rendered around this page and its children; the module's component renders <Outlet />. */
  layout?: LazyRouteModule;
  /** The page at exactly `path`. */
  lazy: LazyRouteModule;
  children?: AppRoute[];
};

/** Data every matched route carries in its `handle`. */
export type AppRouteHandle = {
  title: string;
};

export function isAppRouteHandle(value: unknown): value is AppRouteHandle {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { title?: unknown }).title === 'string'
  );
}
