import { Button, Group } from '@mantine/core';
import { IconBrandWaze, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A usable coordinate pair, or null (0,0 and out-of-range values mean "no location"). */
export function usablePoint(lat: number, lng: number): { lat: number; lng: number } | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || (lat === 0 && lng === 0)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** Navigation in Google Maps and Waze: they open outside the app, and work once the connection is back. */
export function PlaceLinks({ lat, lng, name }: { lat: number; lng: number; name: string }) {
  const { t } = useTranslation();
  const p = usablePoint(lat, lng);
  if (!p) return null;
  return (
    <Group gap={6} wrap="wrap">
      <Button
        component="a"
        href={`https://www.google.com/maps/dir/?api=1&destination=${p.lat},${p.lng}`}
        target="_blank"
        rel="noopener noreferrer"
        size="compact-sm"
        variant="light"
        leftSection={<IconMapPin size={16} aria-hidden />}
        aria-label={t('offline.navigateGoogleLabel', { name })}
      >
        {t('offline.navigateGoogle')}
      </Button>
      <Button
        component="a"
        href={`https://waze.com/ul?ll=${p.lat},${p.lng}&navigate=yes`}
        target="_blank"
        rel="noopener noreferrer"
        size="compact-sm"
        variant="light"
        leftSection={<IconBrandWaze size={16} aria-hidden />}
        aria-label={t('offline.navigateWazeLabel', { name })}
      >
        {t('offline.navigateWaze')}
      </Button>
    </Group>
  );
}
