import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { whatsappHref } from '../../../lib/whatsapp';
import classes from './WhatsAppButton.module.css';

/**
 * The home page's messaging-app contact button (001 §2 Home, 002 §2.9): a plain link to wa.me with a prefilled
 * message, floating at the bottom of the window on the reading side's end. Fixed, so it moves nothing when the
 * number arrives; absent when the server has no number configured.
 */
export function WhatsAppButton({ number }: { number: string | null | undefined }) {
  const { t } = useTranslation();
  const href = number ? whatsappHref(number, t('home.whatsapp.message')) : null;
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={classes.button}
      aria-label={t('home.whatsapp.label')}
      title={t('home.whatsapp.label')}
      data-testid="whatsapp-button"
    >
      <IconBrandWhatsapp aria-hidden size={30} stroke={1.7} />
      <span className={classes.text}>{t('home.whatsapp.short')}</span>
    </a>
  );
}
