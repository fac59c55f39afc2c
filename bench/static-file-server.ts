/**
 * The yardstick for a share page: Fastify serving files from STATIC_DIR with @fastify/static,
 * as the stack serves a file at its best (no database, no rendering). Loopback only.
 */
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const root = process.env.STATIC_DIR;
if (!root) throw new Error('STATIC_DIR names the folder to serve');
const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root });
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
