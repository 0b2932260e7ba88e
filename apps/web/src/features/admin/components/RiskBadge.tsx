import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasText } from '../../../lib/i18n';
import { riskTone, TONE_COLORS } from '../lib/device-rules';
import classes from './DeviceManagement.module.css';

/** The risk level as a badge (002 §4): HIGH danger, MEDIUM warning, LOW success, anything else neutral. */
export function RiskBadge({ level, ...props }: { level: string | null | undefined } & BadgeProps) {
  const { t } = useTranslation();
  const known = level === 'HIGH' || level === 'MEDIUM' || level === 'LOW';
  return (
    <Badge color={TONE_COLORS[riskTone(level)]} variant="filled" className={classes.noShrink} {...props}>
      {known ? t(`admin.risk.${level}`) : t('admin.risk.unknown')}
    </Badge>
  );
}

/** The reason code as a sentence in the reader's language (decision 0035: the server sends the code). */
export function useReasonText(): (reason: string | null | undefined) => string {
  const { t, i18n } = useTranslation();
  return (reason) => {
    const key = `admin.reasons.${reason}`;
    return reason && hasText(i18n, key) ? t(key) : t('admin.reasons.unknown');
  };
}
