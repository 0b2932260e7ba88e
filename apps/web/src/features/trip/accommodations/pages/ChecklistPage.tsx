import { editsTripContent } from '@rides/contract';
import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import {
  IconCalendarExclamation,
  IconCircleCheck,
  IconHome,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import type { AccommodationWire, RideAccommodationsResponse } from '@rides/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormAlert } from '../../../../components/FormAlert';
import { LoadingIndicator } from '../../../../components/LoadingIndicator';
import { TripSubNav } from '../../shared/TripSubNav';
import { TripToolPage } from '../../shared/TripToolPage';
import { errorCode } from '../../../../lib/api';
import { parseId, toDisplayDate } from '../../../../lib/format';
import { tripAccommodationsQuery } from '../api/accommodations';
import { accommodationPath, hotelSearchPath, partnerMapPath } from '../../../../lib/screen-paths';
import { toIsoDate } from '../../../../lib/affiliate';
import classes from '../components/Accommodations.module.css';
import { UserText } from '../../../../components/UserText';

/**
 * /ride_checklist/{rideId} (000 §2 "Accommodation checklist page"): 'baseRide', the original trip's stays, and
 * 'ride', the traveller's own bookings. Each card: place, dates and one button: view booking (own), "booking is
 * registered" (a suggestion the traveller has booked in place of: opens that booking), or "find accommodation".
 * Ours (issue 6): the nights with no stay at all are listed, each with a way to add one.
 */
export default function ChecklistPage() {
  const { t } = useTranslation();
  const rideId = parseId(useParams().rideId);
  const list = useQuery({ ...tripAccommodationsQuery(rideId ?? 0), enabled: rideId !== null });
  const title = t('accommodations.checklistTitle');

  const shell = (children: ReactNode) => (
    <TripToolPage
      title={title}
      documentTitle={list.data ? `${title} – ${list.data.trip.title}` : undefined}
      size={960}
      back={{ rideId, label: t('accommodations.backToTrip') }}
    >
      {rideId !== null && <TripSubNav rideId={rideId} />}
      {children}
    </TripToolPage>
  );

  if (rideId === null) return shell(<FormAlert code="not_found" />);
  if (list.isPending) return shell(<LoadingIndicator p="xl" />);
  if (list.isError) return shell(<FormAlert code={errorCode(list.error)} />);
  return shell(<Checklist rideId={rideId} data={list.data} />);
}

function Checklist({ rideId, data }: { rideId: number; data: RideAccommodationsResponse }) {
  const { t } = useTranslation();
  const mayEdit = editsTripContent(data) && !data.trip.is_locked;
  // The partner's hotel map (/booking) around the stay, for its nights, with the trip's booking mapping when it has one.
  const partnerMapOf = (a: AccommodationWire) =>
    partnerMapPath({
      lat: a.latitude,
      lng: a.longtitude,
      checkIn: toIsoDate(a.check_in_date),
      checkOut: toIsoDate(a.check_out_date),
      place: a.cuntry_and_city ?? a.name,
      rideId,
      aid: a.hotelAffiliate?.aid ?? null,
      targetAid: a.hotelAffiliate?.target_aid ?? null,
    });
  const bookedFor = (suggestionId: number) =>
    data.ride.find((a) => a.paralel_ride_accommodation === suggestionId);

  const card = (a: AccommodationWire, button: ReactNode, suggestion: boolean) => (
    <li key={a.id}>
      <Paper
        withBorder
        radius="md"
        p="md"
        className={`${classes.card} ${suggestion ? classes.suggestion : ''}`}
        data-testid="checklist-card"
      >
        <Group gap="xs" wrap="nowrap">
          <IconHome aria-hidden size={20} color="var(--mantine-color-brand-7)" />
          <Text size="sm" c="dimmed">
            {a.cuntry_and_city ? <UserText>{a.cuntry_and_city}</UserText> : t('accommodations.stay')}
          </Text>
        </Group>
        <Text fw={700} component="h3" fz="md" m={0}>
          <UserText>{a.name}</UserText>
        </Text>
        {a.check_in_date && (
          <Text size="sm">
            <bdi>{toDisplayDate(a.check_in_date)}</bdi> – <bdi>{toDisplayDate(a.check_out_date)}</bdi>
          </Text>
        )}
        {a.booking_confirmation && (
          <Text size="sm">
            {t('accommodations.bookingConfirmation')}: <UserText>{a.booking_confirmation}</UserText>
          </Text>
        )}
        <Group gap="md">
          <Anchor
            component={Link}
            to={hotelSearchPath({
              lat: a.latitude,
              lng: a.longtitude,
              place: a.cuntry_and_city ?? a.name,
              rideId,
            })}
            size="sm"
            aria-label={t('accommodations.hotelsNearbyLabel', { name: a.name })}
          >
            {t('accommodations.hotelsNearby')}
          </Anchor>
          <Anchor
            component={Link}
            to={partnerMapOf(a)}
            size="sm"
            aria-label={t('accommodations.hotelMapLabel', { name: a.name })}
          >
            {t('accommodations.hotelMap')}
          </Anchor>
        </Group>
        <div className={classes.cardButton}>{button}</div>
      </Paper>
    </li>
  );

  return (
    <div className={classes.groups}>
      {data.nightsWithoutStay.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconCalendarExclamation aria-hidden size={20} />}
          title={t('accommodations.nightsWithoutStay')}
          data-testid="nights-without-stay"
        >
          <Group gap="xs">
            {data.nightsWithoutStay.map((night) =>
              mayEdit ? (
                <Button
                  key={night}
                  component={Link}
                  to={accommodationPath(rideId, { day: night + 1 })}
                  size="compact-sm"
                  variant="light"
                  color="orange"
                >
                  {t('accommodations.nightN', { number: night + 1 })}
                </Button>
              ) : (
                <Badge key={night} color="orange" variant="light">
                  {t('accommodations.nightN', { number: night + 1 })}
                </Badge>
              ),
            )}
          </Group>
        </Alert>
      )}

      {data.baseRide.length > 0 && (
        <section aria-labelledby="checklist-base">
          <Title order={2} fz="xl" id="checklist-base" mb="sm">
            {t('accommodations.baseRideGroup')}
          </Title>
          <ul className={classes.cards}>
            {data.baseRide.map((a) => {
              const booking = bookedFor(a.id);
              // On the original trip itself (not a copy) its suggestions are the author's own stays: edited, not booked.
              const button =
                mayEdit && data.trip.based_ride_id === null ? (
                  <Button
                    component={Link}
                    to={accommodationPath(rideId, { id: a.id })}
                    variant="default"
                    fullWidth
                  >
                    {t('accommodations.viewBooking')}
                  </Button>
                ) : booking ? (
                  <Button
                    component={Link}
                    to={accommodationPath(rideId, { id: booking.id })}
                    variant="light"
                    color="green"
                    leftSection={<IconCircleCheck aria-hidden size={16} />}
                    fullWidth
                  >
                    {t('accommodations.bookingRegistered')}
                  </Button>
                ) : mayEdit ? (
                  <Button
                    component={Link}
                    to={accommodationPath(rideId, { base: a.id })}
                    leftSection={<IconSearch aria-hidden size={16} />}
                    fullWidth
                  >
                    {t('accommodations.findAccommodation')}
                  </Button>
                ) : null;
              return card(a, button, true);
            })}
          </ul>
        </section>
      )}

      <section aria-labelledby="checklist-ride">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="xl" id="checklist-ride">
            {t('accommodations.rideGroup')}
          </Title>
          {mayEdit && (
            <Button
              component={Link}
              to={accommodationPath(rideId)}
              leftSection={<IconPlus aria-hidden size={16} />}
              variant="light"
            >
              {t('accommodations.addStay')}
            </Button>
          )}
        </Group>
        {data.ride.length === 0 ? (
          <Text c="dimmed">{t('accommodations.noBookings')}</Text>
        ) : (
          <ul className={classes.cards}>
            {data.ride.map((a) =>
              card(
                a,
                mayEdit ? (
                  <Button
                    component={Link}
                    to={accommodationPath(rideId, { id: a.id })}
                    variant="default"
                    fullWidth
                  >
                    {t('accommodations.viewBooking')}
                  </Button>
                ) : null,
                false,
              ),
            )}
          </ul>
        )}
      </section>
    </div>
  );
}
