import type { FastifyInstance } from 'fastify';

/** Every /api route as `METHOD /path/:param`, read from the router, HEAD included. */
export function apiRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([\s│├└─]*?)(?:[├└]── )?(\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = Math.floor((match[1] ?? '').length / 4);
    const segment = match[2] as string;
    const path = `${paths[depth - 1] ?? ''}${depth > 0 && !segment.startsWith('/') ? '/' : ''}${segment}`;
    paths[depth] = path.replace(/^\/\//, '/');
    for (const method of (match[3] as string).split(', ')) routes.push(`${method} ${paths[depth]}`);
  }
  return routes.filter((route) => route.includes(' /api/'));
}
