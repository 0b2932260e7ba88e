import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './Logo.module.css';

/** The product mark and name. Decorative mark; the name is the text. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" className={classes.logo} data-inverted={inverted || undefined}>
      <svg className={classes.mark} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" className={classes.markBg} />
        <path
          d="M14 46c8-2 10-12 18-14s12 6 18-4"
          fill="none"
          className={classes.markRoute}
          strokeWidth="5"
          strokeLinecap="round"
        />
        <circle cx="14" cy="46" r="5" className={classes.markStart} />
        <circle cx="50" cy="28" r="5" fill="#f59f00" />
      </svg>
      <Text component="span" className={classes.name} lang="en" dir="ltr">
        {t('app.name')}
      </Text>
    </Group>
  );
}

/**
 * A white-label partner's logo (000 §9): an image named by the theme, the theme's name when it has no logo, and a
 * same-sized blank until the theme is known (so nothing moves when it arrives).
 */
export function PartnerLogo({ src, name }: { src: string | null | undefined; name: string | undefined }) {
  if (src) return <img className={classes.partner} src={src} alt={name ?? ''} height={40} />;
  if (name)
    return (
      <Text component="span" className={classes.name}>
        {name}
      </Text>
    );
  return <span className={classes.partner} data-empty aria-hidden="true" />;
}
