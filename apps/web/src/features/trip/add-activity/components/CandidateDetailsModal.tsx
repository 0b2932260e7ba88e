import { Alert, Anchor, Button, Group, Image, List, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../../components/AppModal';
import { errorCode } from '../../../../lib/api';
import { messageKey } from '../../../../lib/i18n';
import { placeDetailsQuery } from '../../../../lib/places/place-details';
import { placeLanguageOf } from '../../../../lib/places/places-autocomplete';
import { safeHref } from '../../../../lib/rich-text';
import { detailsRef, type Candidate } from '../lib/candidates';
import { UserText } from '../../../../components/UserText';

/**
 * "More details" of a result (000 §2): picture, address, rating, opening hours, reviews and its site, read with
 * places_details (our attraction as the local source names it, a maps place by its id), in the reader's language.
 */
export default function CandidateDetailsModal({
  candidate,
  onClose,
  onAdd,
  canAdd,
}: {
  candidate: Candidate;
  onClose: () => void;
  onAdd: () => void;
  canAdd: boolean;
}) {
  const { t, i18n } = useTranslation();
  const ref = detailsRef(candidate);
  const details = useQuery({
    ...placeDetailsQuery(ref?.source ?? 'local', ref?.id ?? '', placeLanguageOf(i18n.language)),
    enabled: ref !== null,
  });
  const place = details.data?.place;
  const site = safeHref(place?.website ?? candidate.link);
  const photo = place?.photos[0]?.url ?? candidate.image;

  return (
    <AppModal opened onClose={onClose} title={<UserText>{candidate.title}</UserText>} size="lg">
      <Stack gap="sm">
        {photo && <Image src={photo} alt="" radius="sm" h={220} fit="cover" />}
        {details.isPending && ref !== null && (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t('addActivity.detailsLoading')}</Text>
          </Group>
        )}
        {details.isError && (
          <Alert color="red" role="alert">
            {t(messageKey(errorCode(details.error)))}
          </Alert>
        )}
        {(place?.address ?? candidate.address) && (
          <Text size="sm">
            <UserText>{place?.address ?? candidate.address}</UserText>
          </Text>
        )}
        {(place?.rating ?? candidate.rate) !== null && (
          <Text size="sm">
            {t('addActivity.rating', { rate: (place?.rating ?? candidate.rate ?? 0).toFixed(1) })}
          </Text>
        )}
        {place?.openingHours && place.openingHours.weekday_text.length > 0 && (
          <div>
            <Text fw={600} size="sm">
              {t('addActivity.openingHours')}
            </Text>
            <List size="sm">
              {place.openingHours.weekday_text.map((line) => (
                <List.Item key={line}>
                  <bdi>{line}</bdi>
                </List.Item>
              ))}
            </List>
          </div>
        )}
        {place && place.reviews.length > 0 && (
          <div>
            <Text fw={600} size="sm">
              {t('addActivity.reviews')}
            </Text>
            <Stack gap={4}>
              {place.reviews.slice(0, 3).map((r, i) => (
                <Text key={i} size="sm">
                  <UserText>{r.author_name}</UserText> ({r.rating}): <UserText>{r.text}</UserText>
                </Text>
              ))}
            </Stack>
          </div>
        )}
        <Group gap="xs">
          {canAdd && <Button onClick={onAdd}>{t('addActivity.add')}</Button>}
          {site && (
            <Anchor href={site} target="_blank" rel="noopener noreferrer">
              {t('addActivity.site')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </AppModal>
  );
}
