import { Badge, Button, Group, Title } from '@mantine/core';
import { IconCalendar, IconRoute, IconWheelchair } from '@tabler/icons-react';
import type { TripListItem } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RichText } from '../../../components/RichText';
import { toDisplayDate } from '../../../lib/format';
import { ImageCarousel } from './ImageCarousel';
import hidden from '../../../components/VisuallyHidden.module.css';
import classes from './Search.module.css';
import { paths } from '../../../lib/paths';
import { UserText } from '../../../components/UserText';

/** 001 §3 "Ride list item" as a card: pictures, title, days, dates, text, and the way to the route. */
export function TripResultCard({ ride }: { ride: TripListItem }) {
  const { t } = useTranslation();
  const lang = ride.language === 'english' ? 'en' : 'he';
  const dir = lang === 'en' ? 'ltr' : 'rtl';
  const path = paths.trip(ride.id);
  const titleId = `ride-${ride.id}-title`;
  return (
    <article className={classes.card} aria-labelledby={titleId} data-ride-id={ride.id}>
      <ImageCarousel images={ride.rideImages.map((i) => i.href)} title={ride.title} />
      <div className={classes.cardBody}>
        <Title order={3} id={titleId} className={classes.cardTitle} lang={lang} dir={dir}>
          <Link to={path} className={classes.cardLink}>
            <UserText>{ride.title}</UserText>
          </Link>
        </Title>
        <Group gap={6} className={classes.meta}>
          <Badge variant="light" radius="sm" size="lg" tt="none">
            {t('search.days', { count: ride.duration })}
          </Badge>
          <span className={classes.dates}>
            <IconCalendar aria-hidden size={16} />
            <span className={hidden.visuallyHidden}>{t('search.datesLabel')} </span>
            <bdi>{toDisplayDate(ride.start_date)}</bdi> – <bdi>{toDisplayDate(ride.end_date)}</bdi>
          </span>
          {ride.distance_km !== null && (
            <span className={classes.distance}>
              {t('search.distance', { km: Math.round(ride.distance_km) })}
            </span>
          )}
          {ride.physical_disabilities && (
            <Badge
              variant="outline"
              radius="sm"
              size="lg"
              tt="none"
              leftSection={<IconWheelchair aria-hidden size={14} />}
            >
              {t('search.mobilityBadge')}
            </Badge>
          )}
        </Group>
        <div lang={lang} dir={dir} className={classes.cardText}>
          <RichText html={ride.text} />
        </div>
        <Button
          component={Link}
          to={path}
          variant="light"
          leftSection={<IconRoute aria-hidden size={18} />}
          className={classes.viewRoute}
          aria-label={t('search.viewRouteOf', { title: ride.title })}
        >
          {t('search.viewRoute')}
        </Button>
      </div>
    </article>
  );
}
