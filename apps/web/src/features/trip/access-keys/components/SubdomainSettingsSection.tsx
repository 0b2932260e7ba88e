import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { RideSubdomainSettings } from '@rides/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../../lib/api';
import { messageKey } from '../../../../lib/i18n';
import { useWrite } from '../../../../lib/use-write';
import { tripSubdomainSettingsQuery, updateTripSubdomainSettings } from '../api/access-keys';

/**
 * The sub-domain manager's part of the access page (001 §6; issue 18 point 6; decision 0030): the trip in or out of
 * their closed environment, white-label or not, and on a white-label trip what its clients may do (edit it, make
 * one-time links). Shown only when ride_subdomain_settings_api answers this viewer (anyone who manages no sub-domain,
 * or may not touch this trip, is refused by the server: nothing shows then, no error).
 */
export function SubdomainSettingsSection({ rideId, viewer }: { rideId: number; viewer: string }) {
  const query = useQuery(tripSubdomainSettingsQuery(rideId, viewer));
  if (!query.isSuccess) return null;
  return <SubdomainSettingsForm key={query.dataUpdatedAt} settings={query.data.settings} viewer={viewer} />;
}

function SubdomainSettingsForm({ settings, viewer }: { settings: RideSubdomainSettings; viewer: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const rideId = settings.ride_id;
  const [inEnvironment, setInEnvironment] = useState(settings.is_subdomain);
  const [whiteLabel, setWhiteLabel] = useState(settings.is_white_label);
  const [usersEdit, setUsersEdit] = useState(settings.allowUsersToEdit);
  const [oneTimeLinks, setOneTimeLinks] = useState(settings.allowOneTimeLinks);
  const { run, busy: saving } = useWrite();
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    await run(
      () =>
        updateTripSubdomainSettings(rideId, {
          is_subdomain: inEnvironment,
          is_white_label: whiteLabel,
          // The clients' permissions exist only on a white-label trip (the server refuses them otherwise).
          allowUsersToEdit: whiteLabel && usersEdit,
          allowOneTimeLinks: whiteLabel && oneTimeLinks,
        }),
      {
        invalidate: async (_client, res) =>
          client.setQueryData(tripSubdomainSettingsQuery(rideId, viewer).queryKey, res),
        success: () => ({ id: 'subdomain-saved', message: t('accessKeys.subdomain.saved') }),
        // The refusal is shown in the form, beside the switches.
        onError: (error) => {
          setRefusal(errorCode(error));
          return true;
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="subdomain-settings-heading">
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack gap="md">
          <Group justify="space-between" gap="xs">
            <Title order={2} fz="lg" id="subdomain-settings-heading">
              {t('accessKeys.subdomain.heading')}
            </Title>
            {settings.subdomain && (
              <Badge variant="light" dir="ltr">
                {settings.subdomain}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('accessKeys.subdomain.intro')}
          </Text>
          {refusal && (
            <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {t(messageKey(refusal))}
            </Alert>
          )}
          <Switch
            label={t('accessKeys.subdomain.inEnvironment')}
            description={t('accessKeys.subdomain.inEnvironmentHint')}
            checked={inEnvironment}
            onChange={(e) => setInEnvironment(e.currentTarget.checked)}
          />
          <Switch
            label={t('accessKeys.subdomain.whiteLabel')}
            description={t('accessKeys.subdomain.whiteLabelHint')}
            checked={whiteLabel}
            onChange={(e) => setWhiteLabel(e.currentTarget.checked)}
          />
          <Switch
            label={t('accessKeys.subdomain.usersEdit')}
            description={t('accessKeys.subdomain.clientsHint')}
            checked={whiteLabel && usersEdit}
            disabled={!whiteLabel}
            onChange={(e) => setUsersEdit(e.currentTarget.checked)}
          />
          <Switch
            label={t('accessKeys.subdomain.oneTimeLinks')}
            description={t('accessKeys.subdomain.clientsHint')}
            checked={whiteLabel && oneTimeLinks}
            disabled={!whiteLabel}
            onChange={(e) => setOneTimeLinks(e.currentTarget.checked)}
          />
          <Group>
            <Button type="submit" loading={saving}>
              {t('accessKeys.subdomain.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
