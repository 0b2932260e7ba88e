import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle, IconArrowBack, IconDeviceFloppy, IconLink, IconTrash } from '@tabler/icons-react';
import { ACCOMMODATION_NAME_MAX, BOOKING_CONFIRMATION_MAX, daysBetween } from '@rides/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FieldProblems } from '../../../../components/FieldProblems';
import { MoreDetails } from '../../../../components/MoreDetails';
import { PlaceAutocomplete, type PickedPlace } from '../../../../components/PlaceAutocomplete/PlaceAutocomplete';
import { TripMap } from '../../../../components/map';
import { ImageUpload } from '../../../../components/upload/ImageUpload';
import { splitApiError } from '../../../../lib/form-errors';
import { messageKey } from '../../../../lib/i18n';
import { placeDetailsQuery } from '../../../../lib/places/place-details';
import { placeLanguageOf } from '../../../../lib/places/places-autocomplete';
import { toDisplayDate } from '../../../../lib/format';
import { useFormErrors } from '../../../../lib/use-form-errors';
import { useWrite, type WriteOptions } from '../../../../lib/use-write';
import { FORM_FIELDS, formProblems, type AccommodationField, type AccommodationFormValues } from '../lib/form';
import { LinkInserter } from './LinkInserter';
import classes from './Accommodations.module.css';
import { paths } from '../../../../lib/paths';

interface AccommodationFormProps {
  rideId: number;
  initial: AccommodationFormValues;
  /** The trip's first and last days (ISO), when known: the date boxes' limits and the range rule. */
  trip: { startDate: string; endDate: string } | null;
  existing: boolean;
  /** The call that saves the stay (create or update). */
  onSave(values: AccommodationFormValues): Promise<unknown>;
  /** What the save reads again and says (lib/use-write.ts), then where the form goes. */
  saved: Pick<WriteOptions<unknown>, 'invalidate' | 'success'>;
  onSaved(): void;
  onDelete?(): void;
}

/** The fields inside "more details": opened when one of them has a problem. */
const DETAIL_FIELDS: readonly AccommodationField[] = ['name', 'booking_confirmation', 'cuntry_and_city', 'address', 'navigation_address', 'link', 'image', 'text', 'rate'];

/**
 * 000 §2 "Accommodation edit page": the place (autocomplete), the dates, a map, and the collapsible details (hotel
 * name *, free text with the insert-link tool, image upload, area name, address, site link, booking confirmation).
 * The contract's rules run before sending and on the server; every problem is listed under "please fix the following
 * fields" and beside its field, and every value typed stays.
 */
export function AccommodationForm({ rideId, initial, trip, existing, onSave, saved, onSaved, onDelete }: AccommodationFormProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const { run, busy } = useWrite();
  const [uploading, setUploading] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(true);
  const [caret, setCaret] = useState<number | null>(null);
  const { formRef, errors, general, setGeneral, check, refuse } = useFormErrors<AccommodationField>({
    place: values.place,
    name: values.name,
    check_in_date: [values.checkIn, values.checkOut],
    check_out_date: [values.checkIn, values.checkOut],
    location: [values.lat, values.lng],
    booking_confirmation: values.bookingConfirmation,
    cuntry_and_city: values.area,
    address: values.address,
    navigation_address: values.navigationAddress,
    link: values.link,
    image: values.image,
    rate: values.rate,
    text: values.text,
  });
  const set = <K extends keyof AccommodationFormValues>(key: K, value: AccommodationFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const label: Record<AccommodationField, string> = {
    place: t('accommodations.place'),
    name: t('accommodations.name'),
    check_in_date: t('accommodations.checkIn'),
    check_out_date: t('accommodations.checkOut'),
    location: t('accommodations.location'),
    booking_confirmation: t('accommodations.bookingConfirmation'),
    cuntry_and_city: t('accommodations.area'),
    address: t('accommodations.address'),
    navigation_address: t('accommodations.navigationAddress'),
    link: t('accommodations.link'),
    image: t('accommodations.image'),
    rate: t('accommodations.rate'),
    text: t('accommodations.text'),
  };
  const error = (field: AccommodationField) => (errors[field] ? t(messageKey(errors[field])) : undefined);
  const problems = FORM_FIELDS.filter((f) => errors[f]);

  const pick = async (place: PickedPlace) => {
    setValues((v) => ({ ...v, place: place.name, name: v.name || place.name.slice(0, ACCOMMODATION_NAME_MAX), lat: place.lat, lng: place.lng }));
    try {
      const { place: d } = await queryClient.fetchQuery(placeDetailsQuery(place.source, place.id, placeLanguageOf(i18n.language)));
      setValues((v) => ({
        ...v,
        name: v.name === place.name.slice(0, ACCOMMODATION_NAME_MAX) ? d.name.slice(0, ACCOMMODATION_NAME_MAX) || v.name : v.name,
        lat: d.lat,
        lng: d.lng,
        // 000 §3: "country, city" from the place's country and locality long names.
        area: [d.country, d.locality].filter(Boolean).join(', ') || v.area,
        address: d.address ?? v.address,
        link: d.website ?? v.link,
        rate: d.rating ?? v.rate,
      }));
    } catch {
      // The name and the point are in already; the rest can be typed.
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setGeneral(null);
    const found: Partial<Record<AccommodationField, string>> = {};
    for (const p of formProblems(values, trip)) found[p.field as AccommodationField] ??= p.code;
    if (DETAIL_FIELDS.some((f) => found[f])) setDetailsOpen(true);
    if (!check(found)) return;
    const done = await run(() => onSave(values).then(() => true), {
      ...saved,
      // Every refusal is listed under "please fix the following fields" and beside its field.
      onError: (err) => {
        const split = splitApiError(err, FORM_FIELDS);
        if (DETAIL_FIELDS.some((f) => split.fields[f])) setDetailsOpen(true);
        refuse(split);
        return true;
      },
    });
    if (done) onSaved();
  };

  const point = values.lat !== null && values.lng !== null ? { lat: values.lat, lng: values.lng } : null;
  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className={classes.form}>
      <Stack gap="md">
        <FieldProblems
          title={t('accommodations.fixFields')}
          fields={problems}
          label={label}
          message={error}
          listClassName={classes.problems}
          testId="accommodation-problems"
        />

        <PlaceAutocomplete
          label={label.place}
          placeholder={t('accommodations.placePlaceholder')}
          value={values.place}
          onChange={(text) => set('place', text)}
          onPick={(p) => void pick(p)}
          near={point}
          error={error('location')}
        />

        <div className={classes.dates}>
          <TextInput
            type="date"
            label={label.check_in_date}
            required
            value={values.checkIn}
            min={trip?.startDate}
            max={trip?.endDate}
            error={error('check_in_date')}
            onChange={(e) => {
              const checkIn = e.currentTarget.value;
              setValues((v) => ({ ...v, checkIn, checkOut: v.checkOut && checkIn && v.checkOut <= checkIn ? '' : v.checkOut }));
            }}
          />
          <TextInput
            type="date"
            label={label.check_out_date}
            required
            value={values.checkOut}
            min={values.checkIn || trip?.startDate}
            max={trip?.endDate}
            error={error('check_out_date')}
            onChange={(e) => set('checkOut', e.currentTarget.value)}
          />
        </div>

        {values.checkIn && values.checkOut && values.checkOut > values.checkIn && (
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="stay-range">
            {t('accommodations.range', {
              from: toDisplayDate(values.checkIn),
              to: toDisplayDate(values.checkOut),
              nights: daysBetween(values.checkIn, values.checkOut),
            })}
          </Text>
        )}

        {point ? (
          <div className={classes.map}>
            <TripMap points={[{ id: 'stay', lat: point.lat, lng: point.lng, label: values.name || values.place, kind: 'accommodation', day: 0, order: 1 }]} height={260} />
          </div>
        ) : (
          <Text size="sm" c="dimmed">
            {t('accommodations.mapHint')}
          </Text>
        )}

        <Paper withBorder p="md" radius="md">
          <MoreDetails id="accommodation-details" label={t('accommodations.details')} opened={detailsOpen} onToggle={() => setDetailsOpen((o) => !o)}>
            <TextInput
              label={label.name}
              required
              value={values.name}
              maxLength={ACCOMMODATION_NAME_MAX + 20}
              description={t('accommodations.nameHint', { max: ACCOMMODATION_NAME_MAX })}
              error={error('name')}
              onChange={(e) => set('name', e.currentTarget.value)}
            />
            <TextInput
              label={label.booking_confirmation}
              value={values.bookingConfirmation}
              description={t('accommodations.bookingHint', { max: BOOKING_CONFIRMATION_MAX })}
              error={error('booking_confirmation')}
              onChange={(e) => set('bookingConfirmation', e.currentTarget.value)}
            />
            <div>
              <Textarea
                id="accommodation-text"
                label={label.text}
                autosize
                minRows={5}
                value={values.text}
                error={error('text')}
                onChange={(e) => set('text', e.currentTarget.value)}
                onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
              />
              <LinkInserter
                onInsert={(html) =>
                  setValues((v) => {
                    const at = caret === null || caret > v.text.length ? v.text.length : caret;
                    return { ...v, text: `${v.text.slice(0, at)}${html}${v.text.slice(at)}` };
                  })
                }
                icon={<IconLink aria-hidden size={16} />}
              />
            </div>
            <ImageUpload
              value={values.image}
              onChange={(url) => set('image', url)}
              folder="accommodation"
              rideId={rideId}
              label={label.image}
              onBusyChange={setUploading}
            />
            {error('image') && (
              <Text size="sm" c="red">
                {error('image')}
              </Text>
            )}
            <TextInput label={label.cuntry_and_city} value={values.area} error={error('cuntry_and_city')} onChange={(e) => set('area', e.currentTarget.value)} />
            <TextInput label={label.address} value={values.address} error={error('address')} onChange={(e) => set('address', e.currentTarget.value)} />
            <TextInput label={label.link} value={values.link} dir="ltr" error={error('link')} onChange={(e) => set('link', e.currentTarget.value)} />
            <TextInput
              label={label.navigation_address}
              description={t('accommodations.navigationAddressHint')}
              value={values.navigationAddress}
              error={error('navigation_address')}
              onChange={(e) => set('navigationAddress', e.currentTarget.value)}
            />
          </MoreDetails>
        </Paper>

        {general && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden size={20} />}>
            {t(messageKey(general))}
          </Alert>
        )}

        <Group gap="sm" className={classes.actions}>
          <Button type="submit" loading={busy} disabled={uploading} leftSection={<IconDeviceFloppy aria-hidden size={16} />}>
            {t('accommodations.save')}
          </Button>
          <Button component={Link} to={paths.trip(rideId)} variant="default" leftSection={<IconArrowBack aria-hidden size={16} />}>
            {t('accommodations.backToTrip')}
          </Button>
          {existing && onDelete && (
            <Button color="red" variant="light" onClick={onDelete} leftSection={<IconTrash aria-hidden size={16} />}>
              {t('accommodations.delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
