/**
 * What an error report (Sentry) may keep of a breadcrumb, on the web and the API alike: its kind,
 * level and time, and of its data only the method, the status and the addresses — each address
 * passed through `pathOnly`, which cuts what could hold a veteran's data (query strings, tokens).
 * Messages and every other field are dropped.
 */
export type ReportBreadcrumb = {
  type?: string | undefined;
  category?: string | undefined;
  level?: string | undefined;
  timestamp?: number | undefined;
  data?: Record<string, unknown> | undefined;
};

/** The data fields that hold an address: a request's URL, and a navigation's two pages. */
const ADDRESS_FIELDS = ['url', 'from', 'to'] as const;

export function safeBreadcrumb<B extends ReportBreadcrumb>(
  breadcrumb: B,
  pathOnly: (url: string) => string,
): B {
  const data = breadcrumb.data ?? {};
  const kept: Record<string, unknown> = {};
  if (typeof data.method === 'string') kept.method = data.method;
  if (typeof data.status_code === 'number') kept.status_code = data.status_code;
  for (const field of ADDRESS_FIELDS) {
    const value = data[field];
    if (typeof value === 'string') kept[field] = pathOnly(value);
  }
  return {
    ...(breadcrumb.type ? { type: breadcrumb.type } : {}),
    ...(breadcrumb.category ? { category: breadcrumb.category } : {}),
    ...(breadcrumb.level ? { level: breadcrumb.level } : {}),
    ...(breadcrumb.timestamp ? { timestamp: breadcrumb.timestamp } : {}),
    ...(Object.keys(kept).length > 0 ? { data: kept } : {}),
  } as B;
}
