import { Button, Group } from '@mantine/core';
import { IconBrandWaze, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { googleMapsUrl, wazeUrl } from '../lib/navigation';

/**
 * Navigation to a place in Google Maps and in Waze (000 §2), each named with the place for screen readers. Used by
 * the trip page and the offline view (the links open outside the app, and work once the connection is back).
 */
export function NavigationLinks({ point, name }: { point: { lat: number; lng: number }; name: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap">
      <Button
        component="a"
        href={googleMapsUrl(point)}
        target="_blank"
        rel="noopener noreferrer"
        size="compact-sm"
        variant="light"
        leftSection={<IconMapPin size={16} aria-hidden />}
        aria-label={t('navigation.googleLabel', { name })}
      >
        {t('navigation.google')}
      </Button>
      <Button
        component="a"
        href={wazeUrl(point)}
        target="_blank"
        rel="noopener noreferrer"
        size="compact-sm"
        variant="light"
        leftSection={<IconBrandWaze size={16} aria-hidden />}
        aria-label={t('navigation.wazeLabel', { name })}
      >
        {t('navigation.waze')}
      </Button>
    </Group>
  );
}
