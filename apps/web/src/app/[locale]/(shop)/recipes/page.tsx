import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EmptyState, PageFrame } from '@/features/content';
import { ContentCard, getRecipes } from '@/features/content/server';
import { resolvePageLocale, type TLocaleParams } from '@/i18n/page-locale';
import { pick } from '@/lib/localized';
import { paths } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: { params: TLocaleParams }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'common.recipes' });
  return pageMetadata({ locale, path: paths.recipes(), title: t('title'), description: t('description') });
}

export default async function RecipesPage({ params }: { params: TLocaleParams }) {
  const locale = await resolvePageLocale(params);
  const [recipes, t] = await Promise.all([getRecipes(), getTranslations('common.recipes')]);
  return (
    <PageFrame title={t('title')} lead={t('description')} wide>
      {recipes.length === 0 ? (
        <EmptyState>{t('title')}</EmptyState>
      ) : (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {recipes.map((recipe, index) => (
            <ContentCard
              key={recipe.id}
              href={paths.recipes(recipe.slug)}
              image={recipe.image}
              title={pick(recipe.title, locale)}
              meta={`${t('cookingTime', { minutes: recipe.cooking_time })} · ${t('servings', { count: recipe.servings })}`}
              text={pick(recipe.description, locale)}
              priority={index < 3}
            />
          ))}
        </div>
      )}
    </PageFrame>
  );
}
