import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { useI18n } from '~/ui/i18n.tsx';
import type { Route } from './+types/home.ts';
import styles from './home.module.css';

export function loader({ context }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  return { locale, brand: site.brandName, url: site.publicUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = createTranslator(loaderData.locale);
  return [
    { title: `${loaderData.brand} | ${t('home.title')}` },
    { name: 'description', content: t('home.description') },
    { tagName: 'link', rel: 'canonical', href: `${loaderData.url}/` },
  ];
}

export default function Home() {
  const { t } = useI18n();
  return (
    <section className={styles.hero}>
      <h1>{t('home.title')}</h1>
      <p>{t('home.description')}</p>
    </section>
  );
}
