import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './Trip.module.css';

/** The shape of the page while the trip loads (000 §2: a loading text until the trip is loaded). */
export function TripSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={classes.page} aria-busy="true" role="status">
      <VisuallyHidden>{t('trip.loading')}</VisuallyHidden>
      <Stack gap="md" pt="md">
        <Skeleton height={36} width="60%" />
        <Skeleton height={18} width="30%" />
        <Skeleton height={90} />
        <Skeleton height={160} />
        {[0, 1, 2].map((i) => (
          <Stack key={i} gap={8}>
            <Skeleton height={24} width="25%" />
            <Skeleton height={110} />
          </Stack>
        ))}
      </Stack>
    </div>
  );
}
