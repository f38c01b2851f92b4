import type { FastifyInstance } from 'fastify';

/** Placeholder: filled in by the orders work (issue 5). */
export async function staffRoutes(_fastify: FastifyInstance) {}
