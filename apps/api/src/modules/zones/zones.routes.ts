import type { FastifyInstance } from 'fastify';

/** Placeholder: filled in by the location work (issue 4). */
export async function zoneRoutes(_fastify: FastifyInstance) {}
