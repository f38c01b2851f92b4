import type { FastifyInstance } from 'fastify';
import { newsEventRoutes } from './news-events/news-events.routes.ts';
import { pageRoutes } from './pages/pages.routes.ts';
import { recipeRoutes } from './recipes/recipes.routes.ts';
import { stockRoutes } from './stocks/stocks.routes.ts';
import { vacancyRoutes } from './vacancies/vacancies.routes.ts';

/** The marketing content the storefront's pages show: news and gallery, stocks, vacancies, recipes, pages. */
export async function contentRoutes(app: FastifyInstance) {
  await app.register(newsEventRoutes);
  await app.register(stockRoutes);
  await app.register(vacancyRoutes);
  await app.register(recipeRoutes);
  await app.register(pageRoutes);
}
