import { useEffect, useState } from 'react';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isolateUserText, tripVersionEtag, versionOfEtag, type TripChangeSince } from '@rides/contract';
import { AppModal } from '../../../components/AppModal';
import { toDisplayDate } from '../../../lib/display-date';
import { invalidateTrip } from '../../../lib/invalidate-trip';
import type { AppModalProps } from '../../../lib/modal-controller';
import {
  answerTripConflict,
  noteTripVersion,
  pendingTripConflict,
  seenTripVersion,
  type ConflictChoice,
} from '../../../lib/trip-version';
import { describeChanges, type ChangeLine } from './describe-changes';

/**
 * "The trip changed meanwhile" (issue 33 point 3, decision 0065): the user's edit was refused (409
 * trip_changed_meanwhile) because someone changed the same part of the trip since the page read it. Opened by useWrite
 * through lib/trip-version.ts and app/AppModals. It reads the trip again at once (the page behind it shows their
 * change), says what changed and by whom (kinds, fields and days in words), and asks: "Apply my change again" (the
 * same call, sent once the trip is read again, on the version now shown) or "Drop my change" (theirs stays). Closing
 * it is dropping, said on the button the focus starts on: nothing the user typed is sent without their saying so.
 */
export default function ConflictDialog({ opened }: AppModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending] = useState(pendingTripConflict);
  const body = pending?.error.body;
  const rideId = pending?.error.rideId ?? null;
  const version = typeof body?.version === 'number' ? body.version : null;
  const changes = Array.isArray(body?.changes) ? (body.changes as TripChangeSince[]) : [];
  const lines = describeChanges(changes);

  // The trip (and what the write reads again after a refusal) read again while the user reads this.
  const [refetched] = useState(() =>
    rideId === null
      ? Promise.resolve()
      : Promise.all([invalidateTrip(queryClient, rideId), pending?.readAgain?.(queryClient)])
          .then(() => undefined)
          .catch(() => undefined),
  );
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    // Nothing to ask (opened without a conflict): close at once.
    if (!pending) answerTripConflict('drop');
  }, [pending]);

  const choose = async (choice: ConflictChoice) => {
    if (choice === 'again' && rideId !== null) {
      setBusy(true);
      await refetched;
      // The refetch noted the version the page now shows; should it have failed, the 409's own is the current one.
      if (version !== null && (versionOfEtag(seenTripVersion(rideId)) ?? -1) < version)
        noteTripVersion(rideId, tripVersionEtag(version));
    }
    answerTripConflict(choice);
  };

  const whatOf = (line: ChangeLine) => {
    const fields = line.fields.map((f) => t(`conflicts.fields.${f}`)).join(', ');
    const what = line.what === 'fields' ? fields : t(`conflicts.what.${line.what}`);
    const days = line.days.map((d) => toDisplayDate(d) ?? d).join(', ');
    return days ? t('conflicts.onDays', { what, days }) : what;
  };

  return (
    <AppModal opened={opened} onClose={() => void choose('drop')} title={t('conflicts.title')}>
      <Stack gap="md">
        <Text size="sm">{t('conflicts.intro')}</Text>
        {lines.length > 0 && (
          <List size="sm" spacing={4} aria-label={t('conflicts.listLabel')}>
            {lines.map((line, i) => (
              <List.Item key={i}>
                {t('conflicts.line', {
                  who: line.who === null ? t('conflicts.someone') : isolateUserText(line.who),
                  what: whatOf(line),
                })}
                {line.count > 1 ? ` ${t('conflicts.times', { count: line.count })}` : ''}
              </List.Item>
            ))}
          </List>
        )}
        <Text size="sm" c="dimmed">
          {t('conflicts.choose')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void choose('drop')} disabled={busy} data-autofocus>
            {t('conflicts.drop')}
          </Button>
          <Button onClick={() => void choose('again')} loading={busy}>
            {t('conflicts.again')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
