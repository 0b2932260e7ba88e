import { Button, Group } from '@mantine/core';
import { IconCalendarMonth, IconList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * The author's list/calendar switch (000 §2 "A list/calendar toggle is available only to the author"; §4 list by
 * default). Two links, so the calendar is its own page and chunk and the trip page never loads it; the current
 * view is marked with aria-current. Renders the same on the server and in the browser.
 */
export function TripViewToggle({ rideId, view }: { rideId: number; view: 'list' | 'calendar' }) {
  const { t } = useTranslation();
  const item = (mode: 'list' | 'calendar', to: string, icon: React.ReactNode, label: string) => (
    <Button
      component={Link}
      to={to}
      size="compact-sm"
      variant={view === mode ? 'filled' : 'default'}
      leftSection={icon}
      aria-current={view === mode ? 'page' : undefined}
    >
      {label}
    </Button>
  );
  return (
    <Group gap={4} component="nav" aria-label={t('tripCalendar.viewToggle')}>
      {item('list', paths.trip(rideId), <IconList size={16} aria-hidden />, t('tripCalendar.listView'))}
      {item('calendar', paths.tripCalendar(rideId), <IconCalendarMonth size={16} aria-hidden />, t('tripCalendar.calendarView'))}
    </Group>
  );
}
