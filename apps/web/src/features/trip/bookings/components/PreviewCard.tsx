import { useId } from 'react';
import { Alert, Badge, Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import { RESERVATION_TEXT_MAX, RESERVATION_TYPES, type PreviewReservation, type ReservationType } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../../../lib/i18n';
import {
  bookingTitle,
  endsKind,
  endText,
  fromDraft,
  needsChecking,
  type EndDraft,
  type ReservationDraft,
} from '../lib/draft';
import classes from './Bookings.module.css';

/** A user's value inside our sentence, isolated so its direction does not reorder the sentence (decision 0044). */
const isolate = (s: string) => `\u2068${s}\u2069`;

interface PreviewCardProps {
  original: PreviewReservation;
  draft: ReservationDraft;
  removed: boolean;
  /** Outside the trip's days as corrected. */
  outside: boolean;
  /** The confirmation's refusal of this booking (its code), shown until the booking is corrected. */
  refusal: string | null;
  onChange: (draft: ReservationDraft) => void;
  onRemove: (removed: boolean) => void;
}

/**
 * One booking of the preview: what it is (its kind, its title, "check this" when a model or a weak reading found it),
 * its two ends as read ("06:15 TLV (Asia/Jerusalem)"), how it meets the trip (already there, what it changes, outside
 * the days), and its fields to correct. A time the confirmation did not give is an empty field with a hint.
 */
export function PreviewCard({ original, draft, removed, outside, refusal, onChange, onRemove }: PreviewCardProps) {
  const { t } = useTranslation();
  const id = useId();
  const now = fromDraft(original, draft);
  const title = bookingTitle(now) || t(`bookings.types.${draft.type}`);
  const kind = endsKind(draft.type);
  const check = needsChecking(original);

  if (removed)
    return (
      <div className={classes.card}>
        <Group gap="xs" justify="space-between">
          <Text size="sm" c="dimmed">
            <bdi>{title}</bdi>: {t('bookings.preview.removed')}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            onClick={() => onRemove(false)}
          >
            {t('bookings.preview.undoRemove')}
          </Button>
        </Group>
      </div>
    );

  const set = (field: 'name' | 'number' | 'reservationNumber', value: string) => onChange({ ...draft, [field]: value });
  const setEnd = (which: 'start' | 'end', field: keyof EndDraft, value: string) =>
    onChange({ ...draft, [which]: { ...draft[which], [field]: value } });
  // A stay's place is its title: its lines say when.
  const startText = endText(now.start, { place: kind !== 'lodging' });
  const endLine = endText(now.end, { place: kind !== 'lodging' });
  const changes = original.match?.changes ?? [];

  const endFields = (which: 'start' | 'end') => {
    const end = draft[which];
    const zone = now[which]?.timeZone;
    const withPlace = kind === 'transport' || kind === 'car' || (kind === 'event' && which === 'start');
    return (
      <fieldset className={classes.end}>
        <legend>{t(`bookings.ends.${kind}.${which}`)}</legend>
        <TextInput
          type="date"
          label={t('bookings.fields.date')}
          value={end.date}
          onChange={(e) => setEnd(which, 'date', e.currentTarget.value)}
          description={end.date ? undefined : t('bookings.preview.dateUnknown')}
        />
        <TextInput
          type="time"
          label={t('bookings.fields.time')}
          value={end.time}
          onChange={(e) => setEnd(which, 'time', e.currentTarget.value)}
          disabled={!end.date}
          description={
            end.time
              ? zone
                ? t('bookings.preview.zone', { zone })
                : undefined
              : t('bookings.preview.timeUnknown')
          }
        />
        {withPlace && (
          <TextInput
            label={kind === 'transport' ? t('bookings.fields.airport') : t('bookings.fields.place')}
            value={end.place}
            maxLength={RESERVATION_TEXT_MAX}
            onChange={(e) => setEnd(which, 'place', e.currentTarget.value)}
          />
        )}
        {(kind === 'event' && which === 'start') || (kind === 'lodging' && which === 'start') ? (
          <TextInput
            label={t('bookings.fields.address')}
            value={end.address}
            maxLength={RESERVATION_TEXT_MAX}
            onChange={(e) => setEnd(which, 'address', e.currentTarget.value)}
          />
        ) : null}
      </fieldset>
    );
  };

  return (
    <article className={`${classes.card} ${check ? classes.checkThis : ''}`} aria-labelledby={`${id}-title`}>
      <div className={classes.cardHead}>
        <Badge variant="light" color="gray">
          {t(`bookings.types.${draft.type}`)}
        </Badge>
        <Text component="h5" id={`${id}-title`} className={classes.cardTitle} m={0}>
          <bdi>{title}</bdi>
        </Text>
        {check && (
          <Badge color="yellow" autoContrast leftSection={<IconAlertTriangle size={12} aria-hidden />} title={t('bookings.preview.checkThisHint')}>
            {t('bookings.preview.checkThis')}
          </Badge>
        )}
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => onRemove(true)}
          aria-label={t('bookings.preview.removeLabel', { name: title })}
        >
          {t('bookings.preview.remove')}
        </Button>
      </div>
      <ul className={classes.summary}>
        {startText && (
          <li>
            {t(`bookings.ends.${kind}.start`)}: <bdi dir="ltr">{startText}</bdi>
          </li>
        )}
        {endLine && (
          <li>
            {t(`bookings.ends.${kind}.end`)}: <bdi dir="ltr">{endLine}</bdi>
          </li>
        )}
      </ul>
      {check && (
        <Text size="sm" fw={500}>
          {t('bookings.preview.checkThisHint')}
        </Text>
      )}
      {original.match &&
        (changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('bookings.preview.already')}
          </Text>
        ) : (
          <>
            <Text size="sm">{t('bookings.preview.changed')}</Text>
            <ul className={classes.changes}>
              {changes.map((c) => (
                <li key={c.field}>
                  {t('bookings.preview.change', {
                    field: t(`bookings.changeFields.${c.field.replace('.', '_')}`, { defaultValue: c.field }),
                    before: isolate(c.before ?? t('bookings.preview.empty')),
                    after: isolate(c.after ?? t('bookings.preview.empty')),
                  })}
                </li>
              ))}
            </ul>
          </>
        ))}
      {outside && (
        <Text size="sm" c="red.9">
          {t('bookings.preview.outside')}
        </Text>
      )}
      {refusal && (
        <Alert color="red" variant="light" mt="xs" role="alert">
          {t('bookings.preview.fix', { message: t(messageKey(refusal)) })}
        </Alert>
      )}
      <div className={classes.fields}>
        <NativeSelect
          label={t('bookings.fields.type')}
          value={draft.type}
          onChange={(e) => onChange({ ...draft, type: e.currentTarget.value as ReservationType })}
          data={RESERVATION_TYPES.map((type) => ({ value: type, label: t(`bookings.types.${type}`) }))}
        />
        {kind === 'transport' ? (
          <TextInput
            label={t('bookings.fields.number')}
            value={draft.number}
            maxLength={RESERVATION_TEXT_MAX}
            onChange={(e) => set('number', e.currentTarget.value)}
          />
        ) : (
          <TextInput
            label={kind === 'car' ? t('bookings.fields.carName') : t('bookings.fields.name')}
            value={draft.name}
            maxLength={RESERVATION_TEXT_MAX}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
        )}
        <TextInput
          label={t('bookings.fields.reservationNumber')}
          value={draft.reservationNumber}
          maxLength={RESERVATION_TEXT_MAX}
          onChange={(e) => set('reservationNumber', e.currentTarget.value)}
        />
        {endFields('start')}
        {endFields('end')}
      </div>
    </article>
  );
}
