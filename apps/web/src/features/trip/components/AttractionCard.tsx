import { useState } from 'react';
import { Button, Group, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle, IconTicket } from '@tabler/icons-react';
import type { RideAttractionWire } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { coordinates, plainText, preview, readableTextOn, safeExternalUrl } from '../lib/format';
import { FallbackImage } from './FallbackImage';
import { NavigationLinks } from '../../../components/NavigationLinks';
import { RichText } from './RichText';
import { Stars } from './Stars';
import classes from './Trip.module.css';

export interface AttractionCardProps {
  attraction: RideAttractionWire;
  number: number;
  onImage: (image: { src: string; alt: string }) => void;
  onDetails: (id: number) => void;
}

/** An activity of a day (000 §2 "Activity card"): number, image, title, text with "show more", rating, actions. */
export function AttractionCard({ attraction, number, onImage, onDetails }: AttractionCardProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const text = plainText(attraction.text);
  const short = preview(text);
  const point = coordinates(attraction.lat, attraction.lng);
  const image = attraction.imageUrl ?? attraction.image ?? attraction.googleImage;
  const affiliate = attraction.affiliate;
  const affiliateUrl = safeExternalUrl(affiliate?.link);
  const textId = `attraction-text-${attraction.id}-${number}`;

  return (
    <article className={classes.card} aria-labelledby={`attraction-title-${attraction.id}-${number}`}>
      <UnstyledButton
        className={classes.cardImageButton}
        onClick={() => image && onImage({ src: image, alt: attraction.title })}
        aria-label={t('trip.viewImage', { name: attraction.title })}
        disabled={!image}
      >
        <FallbackImage src={image} alt="" className={classes.cardImage} loading="lazy" decoding="async" width={120} height={120} />
        <span className={classes.number} aria-hidden>
          {number}
        </span>
      </UnstyledButton>
      <Stack gap={6}>
        <Title order={4} id={`attraction-title-${attraction.id}-${number}`} fz="lg">
          <VisuallyHidden>{t('trip.activityNumber', { number })} </VisuallyHidden>
          {attraction.title}
        </Title>
        <Stars value={attraction.rate} />
        {text && (
          <div id={textId}>
            {expanded ? <RichText html={attraction.text} /> : <Text size="sm">{short.text}</Text>}
            {short.cut && (
              <Button
                variant="subtle"
                size="compact-sm"
                px={4}
                onClick={() => setExpanded((e) => !e)}
                aria-expanded={expanded}
                aria-controls={textId}
              >
                {expanded ? t('trip.showLess') : t('trip.showMore')}
              </Button>
            )}
          </div>
        )}
        <Group gap={6} wrap="wrap">
          {point && <NavigationLinks point={point} name={attraction.title} />}
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconInfoCircle size={16} aria-hidden />}
            onClick={() => onDetails(attraction.id)}
            aria-label={t('trip.moreDetailsLabel', { name: attraction.title })}
          >
            {t('trip.moreDetails')}
          </Button>
        </Group>
        {affiliate && affiliateUrl && (
          <Group gap={8} wrap="wrap" align="center">
            <Button
              component="a"
              href={affiliateUrl}
              target="_blank"
              rel="noopener noreferrer sponsored"
              size="compact-sm"
              leftSection={<IconTicket size={16} aria-hidden />}
              style={affiliate.colour ? { backgroundColor: affiliate.colour, color: readableTextOn(affiliate.colour) } : undefined}
            >
              {t('trip.affiliateLink')}
            </Button>
            {affiliate.info && (
              <Text size="xs" c="dimmed">
                {affiliate.info}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </article>
  );
}
