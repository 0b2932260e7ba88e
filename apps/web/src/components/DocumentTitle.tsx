import { useTranslation } from 'react-i18next';

/** Sets the tab title (React 19 hoists <title> into <head>). */
export function DocumentTitle({ title }: { title?: string }) {
  const { t } = useTranslation();
  const name = t('app.name');
  const text = !title
    ? `${name} · ${t('app.titleTagline')}`
    : title.includes(name)
      ? title
      : `${title} · ${name}`;
  return <title>{text}</title>;
}
