import { Anchor, Badge, Button, NativeSelect, Paper, Title } from '@mantine/core';
import { IconCalendar, IconLock, IconMapPin, IconPencil, IconUsers } from '@tabler/icons-react';
import { TRIP_CATEGORIES, type RideCategory, type UserRide } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './MyTrips.module.css';
import { paths } from '../../../lib/paths';
import { UserText } from '../../../components/UserText';
import { toDisplayDate } from '../../../lib/display-date';

interface TripCardProps {
  ride: UserRide;
  busy: boolean;
  onCategory: (ride: UserRide, category: RideCategory) => void;
}

/** A trip of my trips (001 §2): title, days and place; the author's category dropdown and information link. */
export function TripCard({ ride, busy, onCategory }: TripCardProps) {
  const { t } = useTranslation();
  const headingId = `my-trip-${ride.id}`;
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      className={classes.card}
      aria-labelledby={headingId}
    >
      <Title order={3} fz="lg" id={headingId}>
        <Anchor component={Link} to={paths.trip(ride.id)} inherit>
          <UserText>{ride.title}</UserText>
        </Anchor>
      </Title>
      <div className={classes.meta}>
        <span className={classes.metaItem}>
          <IconCalendar aria-hidden size={16} />
          {ride.duration === 1 ? t('myTrips.oneDay') : t('myTrips.days', { count: ride.duration })}
          {ride.start_date && (
            <>
              {' · '}
              <bdi>{toDisplayDate(ride.start_date)}</bdi>
            </>
          )}
        </span>
        <span className={classes.metaItem}>
          <IconMapPin aria-hidden size={16} />
          {ride.location ? <UserText>{ride.location}</UserText> : t('myTrips.noPlace')}
        </span>
        {!ride.is_publick && <Badge variant="light">{t('myTrips.private')}</Badge>}
        {/* A trip someone shared with me (issue 33): my role in it. */}
        {ride.role !== null && ride.role !== 'owner' && (
          <Badge variant="light" color="teal" leftSection={<IconUsers aria-hidden size={12} />}>
            {t('members.sharedWithMe', { role: t(`members.roles.${ride.role}`) })}
          </Badge>
        )}
        {ride.is_locked && (
          <Badge variant="light" color="gray" leftSection={<IconLock aria-hidden size={12} />}>
            {t('myTrips.locked')}
          </Badge>
        )}
      </div>
      {ride.isAuthor && (
        <div className={classes.cardActions}>
          <NativeSelect
            label={t('myTrips.category')}
            size="sm"
            value={ride.category_name}
            disabled={busy}
            data={TRIP_CATEGORIES.map((c) => ({ value: c, label: t(`myTrips.categories.${c}.label`) }))}
            onChange={(e) => onCategory(ride, e.currentTarget.value as RideCategory)}
            style={{ flex: '1 1 10rem' }}
          />
          <Button
            component={Link}
            to={paths.rideInformation(ride.id)}
            variant="default"
            size="sm"
            leftSection={<IconPencil aria-hidden size={16} />}
            aria-label={t('myTrips.editInformationOf', { title: ride.title })}
          >
            {t('myTrips.editInformation')}
          </Button>
        </div>
      )}
    </Paper>
  );
}
