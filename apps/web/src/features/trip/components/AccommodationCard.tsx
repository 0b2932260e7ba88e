import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import type { AccommodationWire } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { coordinates, safeExternalUrl, toDisplayDate } from '../lib/format';
import { NavigationLinks } from './NavigationLinks';
import { RichText } from './RichText';
import { Stars } from './Stars';
import classes from './Trip.module.css';

export const accommodationElementId = (id: number) => `trip-accommodation-${id}`;

/** 000 §2 "Accommodation card": house icon, place, name, text, rating, check-in/out, navigation, booked or suggested. */
export function AccommodationCard({ accommodation, anchor }: { accommodation: AccommodationWire; anchor: boolean }) {
  const { t } = useTranslation();
  const point = coordinates(accommodation.latitude, accommodation.longtitude);
  const checkIn = toDisplayDate(accommodation.check_in_date);
  const checkOut = toDisplayDate(accommodation.check_out_date);
  const link = safeExternalUrl(accommodation.link);
  const booked = accommodation.status === 'booked';
  return (
    <section
      className={classes.accommodation}
      id={anchor ? accommodationElementId(accommodation.id) : undefined}
      aria-label={t('trip.accommodationLabel', { name: accommodation.name })}
    >
      <Stack gap={6}>
        <Group gap={8} wrap="wrap" align="center">
          <IconHome size={22} aria-hidden color="var(--mantine-color-brand-7)" />
          <Text size="sm" c="dimmed">
            {accommodation.cuntry_and_city ?? t('trip.accommodation')}
          </Text>
          <Text size="xs" fw={700} c={booked ? 'brand.8' : 'gray.7'}>
            {booked ? t('trip.booked') : t('trip.suggested')}
          </Text>
        </Group>
        <Title order={4} fz="lg">
          {accommodation.name}
        </Title>
        <Stars value={accommodation.rate} />
        <RichText html={accommodation.text} />
        {(checkIn || checkOut) && (
          <Text size="sm">
            {checkIn && (
              <>
                {t('trip.checkIn')}: <bdi>{checkIn}</bdi>
              </>
            )}
            {checkIn && checkOut && ' · '}
            {checkOut && (
              <>
                {t('trip.checkOut')}: <bdi>{checkOut}</bdi>
              </>
            )}
          </Text>
        )}
        <Group gap={6} wrap="wrap">
          {point && <NavigationLinks point={point} name={accommodation.name} />}
          {link && (
            <Button
              component="a"
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              size="compact-sm"
              variant="default"
              aria-label={t('trip.viewPlaceLabel', { name: accommodation.name })}
            >
              {t('trip.viewPlace')}
            </Button>
          )}
        </Group>
      </Stack>
    </section>
  );
}
