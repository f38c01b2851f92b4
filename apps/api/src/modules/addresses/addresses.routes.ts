import type { FastifyInstance } from 'fastify';

/** Placeholder: filled in by the location work (issue 4). */
export async function addressRoutes(_fastify: FastifyInstance) {}
