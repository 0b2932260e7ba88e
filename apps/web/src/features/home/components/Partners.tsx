import { useTranslation } from 'react-i18next';
import { Section } from './Section';
import classes from './Partners.module.css';

/**
 * Partner marks (001 §2 Home "partner logos"): text marks of our own with a simple drawn sign each, never the
 * partners' own logos (their artwork is theirs). Names are brands and stay as written in both languages.
 */
const PARTNERS = [
  { name: 'GetYourGuide', key: 'tickets', shape: 'ticket' },
  { name: 'Tiqets', key: 'museums', shape: 'museum' },
  { name: 'OpenStreetMap', key: 'maps', shape: 'map' },
] as const;

const SHAPES: Record<(typeof PARTNERS)[number]['shape'], string> = {
  ticket: 'M4 8h24v5a3 3 0 0 0 0 6v5H4v-5a3 3 0 0 0 0-6z M14 8v16',
  museum: 'M4 12 16 5l12 7z M7 13v9 M12 13v9 M20 13v9 M25 13v9 M4 25h24',
  map: 'M4 8l8-3 8 3 8-3v19l-8 3-8-3-8 3z M12 5v19 M20 8v19',
};

export function Partners() {
  const { t } = useTranslation();
  return (
    <Section id="partners" title={t('home.partners.title')} intro={t('home.partners.intro')}>
      <ul className={classes.list}>
        {PARTNERS.map((p) => (
          <li key={p.name} className={classes.item}>
            <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={classes.mark}>
              <path d={SHAPES[p.shape]} />
            </svg>
            <span className={classes.name} lang="en" dir="ltr">
              {p.name}
            </span>
            <span className={classes.role}>{t(`home.partners.${p.key}`)}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
