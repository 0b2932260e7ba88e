import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconUsers } from '@tabler/icons-react';
import { isolateUserText, type PushCopyReportWire, type TripCopyWire } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { ApiError } from '../../../lib/api';
import { useWrite } from '../../../lib/use-write';
import { copiesKeys, copiesQuery, pushCopies } from './copies-api';
import { aboutWords, copyName, countsWords, defaultChosen, reportWords } from './copies-words';

/** A push refused because the list shown is no longer the template's: the list is read again, nothing was sent. */
const STALE = new Set(['upstream_changed', 'unknown_copy']);

/**
 * The planner's "update clients' copies" on a template's trip page (issue 37 point 4, decision 0075 "Push"; rule 144):
 * lazy, mounted by UpdatesLayer only for a manager who may be the template's planner. Its copies' read answers 403 to
 * anyone else: then, and with no copies, nothing is shown. Else a button "Clients' copies (3)" opening the list: each
 * copy's owner, title, counts and mail switch, a checkbox (those with updates checked); "Update the chosen copies"
 * pushes with the version the list was read with, then says what each copy got.
 */
export default function CopiesPanel({ rideId }: { rideId: number }) {
  const { t } = useTranslation();
  const copies = useQuery(copiesQuery(rideId));
  const [open, setOpen] = useState(false);
  const data = copies.data;
  if (!data || data.copies.length === 0) return null;
  const withUpdates = data.copies.filter((c) => c.updates > 0).length;
  return (
    <>
      <Alert color="gray" variant="light" mt="md" p="sm" data-testid="copies-panel">
        <Group gap="sm" justify="space-between" align="center" wrap="wrap">
          <Text size="sm">
            {withUpdates > 0
              ? t('tripUpdates.copies.summary', { count: withUpdates })
              : t('tripUpdates.copies.upToDate')}
          </Text>
          <Button
            size="compact-md"
            variant="light"
            leftSection={<IconUsers size={16} aria-hidden />}
            onClick={() => setOpen(true)}
            aria-haspopup="dialog"
          >
            {t('tripUpdates.copies.button', { count: data.copies.length })}
          </Button>
        </Group>
      </Alert>
      {open && <CopiesDialog rideId={rideId} onClose={() => setOpen(false)} />}
    </>
  );
}

function CopiesDialog({ rideId, onClose }: { rideId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { run, busy } = useWrite();
  const copies = useQuery(copiesQuery(rideId));
  const data = copies.data;
  // The planner's choices over the default (the copies with updates): ids turned on, ids turned off.
  const [toggled, setToggled] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [stale, setStale] = useState(false);
  // What the last push answered, with the list as it was read then (the names of its copies).
  const [report, setReport] = useState<{ lines: PushCopyReportWire[]; copies: TripCopyWire[] } | null>(null);
  const chosen = useMemo(() => {
    const set = defaultChosen(data?.copies ?? []);
    for (const [id, on] of toggled)
      if (on) set.add(id);
      else set.delete(id);
    return new Set((data?.copies ?? []).filter((c) => set.has(c.rideId)).map((c) => c.rideId));
  }, [data, toggled]);

  const push = async () => {
    if (!data || chosen.size === 0) return;
    const listed = data.copies;
    const result = await run(() => pushCopies(rideId, { version: data.version, copies: [...chosen] }), {
      invalidate: (qc) => qc.invalidateQueries({ queryKey: copiesKeys.of(rideId) }),
      onError: (error) => {
        if (error instanceof ApiError && STALE.has(error.code)) {
          // Nothing was pushed: the template's copies now, in place of the list shown.
          setStale(true);
          setToggled(new Map());
          void queryClient.invalidateQueries({ queryKey: copiesKeys.of(rideId) });
          return true;
        }
        return false;
      },
    });
    if (!result) return;
    setStale(false);
    setToggled(new Map());
    setReport({ lines: result.copies, copies: listed });
  };

  const body = () => {
    if (report)
      return (
        <Stack gap="sm" data-testid="copies-report" role="status">
          <Text fw={600}>{t('tripUpdates.copies.report.title')}</Text>
          <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
            {report.lines.map((line) => (
              <li key={line.rideId}>
                <Text size="sm">
                  {reportWords(
                    line,
                    report.copies.find((c) => c.rideId === line.rideId),
                    t,
                  )}
                </Text>
              </li>
            ))}
          </ul>
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" onClick={() => setReport(null)}>
              {t('tripUpdates.copies.back')}
            </Button>
            {/* Its own key: not the list's push button (still settling from its loading state) reused. */}
            <Button key="report-close" onClick={onClose}>
              {t('tripUpdates.copies.close')}
            </Button>
          </Group>
        </Stack>
      );
    if (copies.isPending)
      return (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('tripUpdates.copies.loading')}</Text>
        </Group>
      );
    if (!data) return <Text size="sm">{t('tripUpdates.copies.failed')}</Text>;
    return (
      <Stack gap="md">
        {stale && (
          <Alert color="yellow" variant="light" role="status">
            <Text size="sm">{t('tripUpdates.copies.stale')}</Text>
          </Alert>
        )}
        {data.copies.length === 0 ? (
          <Text size="sm">{t('tripUpdates.copies.none')}</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('tripUpdates.copies.intro')}
            </Text>
            <Stack gap="sm" data-testid="copies-list">
              {data.copies.map((c) => (
                <div key={c.rideId} data-testid="copies-copy">
                  <Checkbox
                    checked={chosen.has(c.rideId)}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      setToggled((old) => new Map(old).set(c.rideId, on));
                    }}
                    label={
                      <span>
                        <Text span size="sm" fw={600}>
                          {copyName(c, t)}
                        </Text>
                        {': '}
                        <Text span size="sm">
                          {isolateUserText(c.title)}
                        </Text>
                      </span>
                    }
                    description={
                      <>
                        <Text span size="xs" display="block">
                          {countsWords(c, t)}
                        </Text>
                        <Text span size="xs" c="dimmed" display="block">
                          {aboutWords(c, t)}
                        </Text>
                      </>
                    }
                  />
                </div>
              ))}
            </Stack>
          </>
        )}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onClose}>
            {t('tripUpdates.copies.close')}
          </Button>
          {data.copies.length > 0 && (
            <Button onClick={() => void push()} loading={busy} disabled={chosen.size === 0}>
              {t('tripUpdates.copies.push')}
            </Button>
          )}
        </Group>
      </Stack>
    );
  };

  return (
    <AppModal
      opened
      onClose={onClose}
      title={t('tripUpdates.copies.title')}
      size="lg"
      fullScreenOnPhone
      data-testid="copies-dialog"
    >
      {body()}
    </AppModal>
  );
}
