import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ProbabilityTable } from '@/features/rules/probability-table';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('rules'))('title') };
}

const FAMILIES = ['classic', 'perudo', 'revolver'] as const;
const POINTS = ['point1', 'point2', 'point3', 'point4'] as const;

/** The three families in plain words, a worked example each, and the odds tables. */
export default async function RulesPage() {
  const t = await getTranslations('rules');
  const tg = await getTranslations('game');
  return (
    <div className="stack">
      <section className="card">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <h2>{t('commonTitle')}</h2>
        <ul>
          {(['common1', 'common2', 'common3', 'common4'] as const).map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
        <dl className="glossary">
          {(['dudo', 'calza', 'palifico'] as const).map((word) => (
            <div key={word}>
              <dt lang="es">{tg(`${word}Name`)}</dt>
              <dd>{t(`${word}Meaning`)}</dd>
            </div>
          ))}
        </dl>
      </section>
      {FAMILIES.map((family) => (
        <section className="card" key={family} aria-labelledby={`rules-${family}`}>
          <h2 id={`rules-${family}`}>{tg(family)}</h2>
          <p>{tg(`${family}Summary`)}</p>
          <ul>
            {POINTS.map((point) => (
              <li key={point}>{t(`${family}.${point}`)}</li>
            ))}
          </ul>
          <h3>{t('example')}</h3>
          <p>{t(`${family}.example`)}</p>
        </section>
      ))}
      <section className="card" aria-labelledby="rules-odds">
        <h2 id="rules-odds">{t('oddsTitle')}</h2>
        <p>{t('oddsIntro')}</p>
        <div className="grid-2">
          <ProbabilityTable wild={false} />
          <ProbabilityTable wild={true} />
        </div>
      </section>
    </div>
  );
}
