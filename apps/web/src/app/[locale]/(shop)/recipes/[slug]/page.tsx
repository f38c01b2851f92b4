import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { JsonLd } from '@/components/json-ld';
import { ApiImage } from '@/components/ui/api-image.server';
import { ClockIcon } from '@/components/ui/icons';
import { BackLink, PageFrame } from '@/features/content';
import { getRecipe } from '@/features/content/server';
import { resolvePageLocale } from '@/i18n/page-locale';
import { env } from '@/lib/env';
import { pick } from '@/lib/localized';
import { paths } from '@/lib/paths';
import { metaDescription, pageMetadata } from '@/lib/seo';

type TProps = { params: Promise<{ locale: string; slug: string }> };

export async function generateMetadata({ params }: TProps): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const recipe = await getRecipe((await params).slug);
  if (!recipe) return {};
  return pageMetadata({
    locale,
    path: paths.recipes(recipe.slug),
    title: pick(recipe.title, locale),
    description: metaDescription(pick(recipe.description, locale)),
    image: `${env().PUBLIC_API_URL}${recipe.image.sources.at(-1)?.url ?? recipe.image.url}`,
  });
}

export default async function RecipePage({ params }: TProps) {
  const locale = await resolvePageLocale(params);
  const [recipe, t, nav] = await Promise.all([
    getRecipe((await params).slug),
    getTranslations('common.recipes'),
    getTranslations('common.nav'),
  ]);
  if (!recipe) notFound();
  const title = pick(recipe.title, locale);
  return (
    <PageFrame
      title={title}
      lead={pick(recipe.description, locale)}
      before={<BackLink href={paths.recipes()}>{nav('recipes')}</BackLink>}
    >
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Recipe',
          name: title,
          description: pick(recipe.description, locale),
          image: `${env().PUBLIC_API_URL}${recipe.image.sources.at(-1)?.url ?? recipe.image.url}`,
          totalTime: `PT${recipe.cooking_time}M`,
          recipeYield: String(recipe.servings),
          recipeCuisine: 'Uzbek',
          inLanguage: locale,
          recipeIngredient: recipe.ingredients.map((i) => pick(i, locale)),
          recipeInstructions: recipe.steps.map((s) => ({ '@type': 'HowToStep', text: pick(s, locale) })),
          author: { '@id': `${env().SITE_URL}/#organization` },
        }}
      />
      <ApiImage
        image={recipe.image}
        sizes="(min-width: 768px) 720px, 100vw"
        priority
        className="mb-6 aspect-video w-full rounded-card bg-brand-50 object-cover"
      />
      <ul className="mb-8 flex flex-wrap gap-3">
        <li className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 ring-1 ring-line">
          <ClockIcon className="h-5 w-5 text-brand-600" />
          {t('cookingTimeLabel')}: {t('cookingTime', { minutes: recipe.cooking_time })}
        </li>
        <li className="rounded-full bg-white px-4 py-2 ring-1 ring-line">
          {t('servings', { count: recipe.servings })}
        </li>
      </ul>
      <div className="grid gap-8 md:grid-cols-[1fr_2fr]">
        <section>
          <h2 className="mb-3 text-2xl font-bold">{t('ingredients')}</h2>
          <ul className="list-disc space-y-1 pl-6">
            {recipe.ingredients.map((ingredient) => (
              <li key={ingredient.ru}>{pick(ingredient, locale)}</li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className="mb-3 text-2xl font-bold">{t('steps')}</h2>
          <ol className="list-decimal space-y-3 pl-6">
            {recipe.steps.map((step) => (
              <li key={step.ru}>{pick(step, locale)}</li>
            ))}
          </ol>
        </section>
      </div>
    </PageFrame>
  );
}
