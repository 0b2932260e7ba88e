import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconArrowBack, IconLink } from '@tabler/icons-react';
import { RECIPIENT_DETAILS_MAX, type OneTimeAccessData } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormPage } from '../../../../components/FormPage';
import { StatusPage } from '../../../../components/StatusPage';
import { errorCode } from '../../../../lib/api';
import { messageKey } from '../../../../lib/i18n';
import { paths } from '../../../../lib/paths';
import { useSession } from '../../../../lib/session-store';
import { parseId } from '../../../../lib/format';
import { useWrite } from '../../../../lib/use-write';
import { oneUserAccessKey, recordTripShare } from '../api/access-keys';
import { CopyLinkField } from '../components/CopyLinkField';
import { SignInFirst } from '../components/SignInFirst';

/**
 * /generate_one_ride_access_key/:rideId (001 §2, §5; issue 18 point 3): the planner writes who the link is for and
 * makes a one-time link (get_one_user_access_key), which admits one person, ever; the copy button sends it on. Every
 * press makes a new link. Who may make one is the server's rule: a refusal is shown as its translated code.
 */
export default function OneTimeKeyPage() {
  const { t } = useTranslation();
  const rideId = parseId(useParams().rideId);
  const session = useSession();
  const [details, setDetails] = useState('');
  const { run, busy } = useWrite();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [made, setMade] = useState<OneTimeAccessData | null>(null);
  const title = t('accessKeys.oneTime.title');

  if (rideId === null)
    return (
      <StatusPage icon={IconAlertTriangle} title={title} role="alert">
        <Text>{t('not_found')}</Text>
      </StatusPage>
    );
  if (session === null) return <SignInFirst title={title} text={t('accessKeys.oneTime.signInText')} />;

  const generate = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const res = await run(() => oneUserAccessKey(rideId, details.trim()), {
      // Who may make one is the server's rule: its refusal is shown on the page, translated.
      onError: (error) => {
        setRefusal(errorCode(error));
        return true;
      },
    });
    if (res) setMade(res.accessData);
  };

  // The stored details are cut to RECIPIENT_DETAILS_MAX with the user id in front (001 §5); say so as the planner types.
  const tooLong = details.trim().length > RECIPIENT_DETAILS_MAX - 12;

  return (
    <FormPage wide={640} title={title} intro={t('accessKeys.oneTime.intro')}>
      <form onSubmit={(e) => void generate(e)} noValidate>
        <Stack gap="md">
          {refusal && (
            <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {t(messageKey(refusal))}
            </Alert>
          )}
          <Textarea
            label={t('accessKeys.oneTime.recipient')}
            description={t('accessKeys.oneTime.recipientHint', { max: RECIPIENT_DETAILS_MAX })}
            value={details}
            onChange={(e) => setDetails(e.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={6}
          />
          {tooLong && (
            <Text size="sm" c="orange.9">
              {t('accessKeys.oneTime.willBeCut', { max: RECIPIENT_DETAILS_MAX })}
            </Text>
          )}
          <Group gap="xs">
            <Button type="submit" loading={busy} leftSection={<IconLink size={18} aria-hidden />}>
              {made ? t('accessKeys.oneTime.another') : t('accessKeys.oneTime.generate')}
            </Button>
            <Button component={Link} to={paths.accessKey(rideId)} variant="default">
              {t('accessKeys.oneTime.accessPage')}
            </Button>
            <Button
              component={Link}
              to={paths.trip(rideId)}
              variant="subtle"
              leftSection={<IconArrowBack size={18} aria-hidden />}
            >
              {t('accessKeys.backToTrip')}
            </Button>
          </Group>
        </Stack>
      </form>
      {made && (
        <Stack gap="xs" role="status">
          <CopyLinkField
            label={t('accessKeys.oneTime.link')}
            description={t('accessKeys.oneTime.linkHint')}
            value={made.link}
            onCopied={() => void recordTripShare(rideId)}
          />
          {made.recipientDetails.replace(/^\d+\s?/, '') && (
            <Text size="sm" c="dimmed">
              {t('accessKeys.oneTime.for', { details: made.recipientDetails.replace(/^\d+\s?/, '') })}
            </Text>
          )}
        </Stack>
      )}
    </FormPage>
  );
}
