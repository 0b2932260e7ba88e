import { Button, Divider, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconShare } from '@tabler/icons-react';
import type { TripLanguage } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../../components/AppModal';
import { LoadingIndicator } from '../../../../components/LoadingIndicator';
import { errorCode } from '../../../../lib/api';
import { messageKey } from '../../../../lib/i18n';
import { useAttraction } from '../api/attraction';
import { safeExternalUrl } from '../lib/format';
import { FallbackImage } from '../../../../components/FallbackImage';
import { RichText } from '../../../../components/RichText';
import { Stars } from './Stars';
import classes from './Trip.module.css';
import { UserText } from '../../../../components/UserText';

interface AttractionDetailsModalProps {
  attractionId: number;
  language: TripLanguage;
  /** The title already known from the trip, shown while the details load. */
  title: string;
  onClose: () => void;
  /** Share this activity (a link to /single_ride_with_map_attraction/…); absent where the trip may not be shared. */
  onShare?: () => void;
}

/** 000 §2 "attraction details": image, title, text, rating, link button, opening hours, reviews. Its own chunk. */
export default function AttractionDetailsModal({ attractionId, language, title, onClose, onShare }: AttractionDetailsModalProps) {
  const { t } = useTranslation();
  const query = useAttraction(attractionId, language);
  const a = query.data?.attraction;
  const link = safeExternalUrl(a?.link);
  const image = a?.images[0] ?? a?.image ?? a?.googleImage ?? null;
  return (
    <AppModal opened onClose={onClose} title={<UserText>{a?.title ?? title}</UserText>} size="lg">
      {query.isPending && <LoadingIndicator p="lg" />}
      {query.isError && (
        <Text role="alert" c="red.8">
          {t(messageKey(errorCode(query.error)))}
        </Text>
      )}
      {a && (
        <Stack gap="sm">
          {image && <FallbackImage src={image} alt={a.title} className={classes.fullImage} />}
          <Stars value={a.rate} />
          {a.address && (
            <Text size="sm" c="dimmed">
              <UserText>{a.address}</UserText>
            </Text>
          )}
          <RichText html={a.text} />
          {(link || onShare) && (
            <Group gap="xs" wrap="wrap">
              {link && (
                <Button
                  component="a"
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="light"
                  leftSection={<IconExternalLink size={16} aria-hidden />}
                >
                  {t('trip.details.website')}
                </Button>
              )}
              {onShare && (
                <Button variant="default" leftSection={<IconShare size={16} aria-hidden />} onClick={onShare}>
                  {t('trip.share.button')}
                </Button>
              )}
            </Group>
          )}
          {a.openingHours && a.openingHours.weekday_text.length > 0 && (
            <>
              <Divider />
              <Title order={3} fz="md">
                {t('trip.details.openingHours')}
              </Title>
              <List size="sm">
                {a.openingHours.weekday_text.map((line, i) => (
                  <List.Item key={i}>{line}</List.Item>
                ))}
              </List>
            </>
          )}
          {a.reviews.length > 0 && (
            <>
              <Divider />
              <Title order={3} fz="md">
                {t('trip.details.reviews')}
              </Title>
              <Stack gap="xs">
                {a.reviews.map((r, i) => (
                  <div key={i}>
                    <Text fw={600} size="sm">
                      <UserText>{r.author_name}</UserText> <Stars value={r.rating} />
                    </Text>
                    <Text size="sm" dir="auto">
                      <UserText>{r.text}</UserText>
                    </Text>
                  </div>
                ))}
              </Stack>
            </>
          )}
        </Stack>
      )}
    </AppModal>
  );
}
