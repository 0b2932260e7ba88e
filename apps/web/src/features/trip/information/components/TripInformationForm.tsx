import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Input,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconArrowBack } from '@tabler/icons-react';
import { addDays, MAX_TRIP_DAYS, TITLE_MAX, type TripInformationPermissions } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../../lib/api';
import { splitApiError } from '../../../../lib/form-errors';
import { toDisplayDate } from '../../../../lib/display-date';
import { currentLanguage, messageKey, textKey } from '../../../../lib/i18n';
import { invalidateTrip } from '../../../../lib/invalidate-trip';
import { afterSave } from '../lib/after-save';
import { useWrite } from '../../../../lib/use-write';
import { useFormErrors } from '../../../../lib/use-form-errors';
// The extra information form's text <-> HTML rules: the trip's free text is written the same way.
import { textToHtml } from '../../../../lib/note-html';
import { tripInformationKeys, updateTripInformation } from '../api/trip-information';
import { addTrip } from '../../../../lib/new-trip';
import {
  checkTripForm,
  moveStart,
  partySize,
  TRIP_FORM_FIELDS,
  toAddBody,
  toUpdateBody,
  tripDays,
  type TripFormField,
  type TripFormMode,
  type TripFormValues,
} from '../lib/form-values';
import { FieldProblems } from '../../../../components/FieldProblems';
import { PartyCounter } from './PartyCounter';
import classes from './TripInformation.module.css';
import { PATHS, paths } from '../../../../lib/paths';
import { queryKeys } from '../../../../lib/query-keys';

interface TripInformationFormProps {
  mode: TripFormMode;
  rideId: number | null;
  initial: TripFormValues;
  permissions: TripInformationPermissions;
}

/** Codes the server answers without a field that still belong under one. */
const CODE_FIELDS: Partial<Record<string, TripFormField>> = {
  title_required: 'title',
  title_too_long: 'title',
  date_are_not_in_range: 'dates',
  end_before_start: 'dates',
  limiting_the_trip_duration: 'dates',
  party_count_invalid: 'party',
};
const ALIASES: Partial<Record<string, TripFormField>> = {
  checkIn: 'dates',
  checkOut: 'dates',
  number_of_adult: 'party',
  number_of_teen: 'party',
  number_of_child: 'party',
};

/**
 * The trip information form (001 §2): create (a date range), edit and first-time (a single start date, d-m-Y; the
 * trip keeps its length and moves with it). What was typed stays whatever the server answers; problems are listed
 * under "please fix the following fields" and beside their fields.
 */
export function TripInformationForm({ mode, rideId, initial, permissions }: TripInformationFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const { run, busy } = useWrite();
  const [needsForce, setNeedsForce] = useState(false);
  const { formRef, errors, general, setGeneral, check, refuse } = useFormErrors<TripFormField>({
    title: values.title,
    dates: [values.start, values.end],
    party: [values.adults, values.teens, values.children],
    text: values.text,
  });
  const creating = mode === 'create';
  const originalDays = tripDays(initial);
  // A field changed since the last attempt no longer shows its message: useFormErrors compares the values above.
  const set = <K extends keyof TripFormValues>(key: K, value: TripFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const days = tripDays(values);
  const travellers = partySize(values);

  const fieldLabel: Record<TripFormField, string> = {
    title: t('rideInformation.title'),
    dates: creating ? t('rideInformation.dates') : t('rideInformation.startDate'),
    party: t('rideInformation.party'),
    text: t('rideInformation.text'),
  };
  const problems = TRIP_FORM_FIELDS.filter((f) => errors[f]);

  const save = async (force: boolean) => {
    if (!check(checkTripForm(values, mode))) return;
    setGeneral(null);
    setNeedsForce(false);
    const html = textToHtml(values.text);
    // Every refusal beside its field, or for the whole form; a day change over a booked stay asks to force it.
    const onError = (error: unknown) => {
      if (error instanceof ApiError && error.code === 'rideHaveOrderedAccommodation') setNeedsForce(true);
      refuse(splitApiError(error, TRIP_FORM_FIELDS, { aliases: ALIASES, codeFields: CODE_FIELDS }));
      return true;
    };
    if (creating) {
      const language = currentLanguage() === 'en' ? 'english' : 'hebrew';
      const added = await run(() => addTrip(toAddBody(values, html, permissions, language)), {
        invalidate: (queryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.userTrips.all }),
        success: t('rideInformation.created'),
        onError,
      });
      if (added) void navigate(paths.trip(added.rideId));
      return;
    }
    if (rideId === null) return;
    const updated = await run(
      () => updateTripInformation(rideId, toUpdateBody(values, html, permissions, force)).then(() => true),
      {
        invalidate: (queryClient) =>
          Promise.all([
            invalidateTrip(queryClient, rideId),
            queryClient.invalidateQueries({ queryKey: tripInformationKeys.of(rideId) }),
            queryClient.invalidateQueries({ queryKey: queryKeys.userTrips.all }),
          ]),
        success: t('rideInformation.saved'),
        onError,
      },
    );
    // The first pass goes on to where to sleep (001 §2: "save and continue to add accommodations"), as its button says.
    if (updated) void navigate(afterSave(mode, days, rideId).to);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(false);
  };

  // The form's own texts are UI keys (with a dot); everything else is a code of the server's catalogue.
  const error = (field: TripFormField) => {
    const key = errors[field];
    if (!key) return undefined;
    return t(key.includes('.') ? textKey(i18n, key) : messageKey(key));
  };
  const submitLabel = creating
    ? t('rideInformation.continue')
    : t(`rideInformation.${afterSave(mode, days, rideId ?? 0).label}`);
  const rangeText =
    values.start && values.end && days > 0
      ? t(days === 1 ? 'rideInformation.rangeOneDay' : 'rideInformation.range', {
          start: toDisplayDate(values.start),
          end: toDisplayDate(values.end),
          count: days,
        })
      : null;

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-describedby={problems.length ? 'ride-info-problems' : undefined}
    >
      <Stack gap="lg">
        <FieldProblems
          id="ride-info-problems"
          title={t('rideInformation.fixFields')}
          fields={problems}
          label={fieldLabel}
          message={error}
          listClassName={classes.problems}
        />

        <TextInput
          label={fieldLabel.title}
          description={t('rideInformation.titleHint', { max: TITLE_MAX })}
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={error('title')}
          required
          autoComplete="off"
        />

        {creating ? (
          <Input.Wrapper
            label={fieldLabel.dates}
            description={t('rideInformation.datesHint', { max: MAX_TRIP_DAYS })}
            error={error('dates')}
            required
          >
            <div className={classes.dates}>
              <TextInput
                type="date"
                label={t('rideInformation.firstDay')}
                value={values.start}
                error={Boolean(errors.dates)}
                onChange={(e) => {
                  const start = e.currentTarget.value;
                  setValues((v) => ({ ...v, start, end: v.end && start && v.end < start ? start : v.end }));
                }}
              />
              <TextInput
                type="date"
                label={t('rideInformation.lastDay')}
                value={values.end}
                min={values.start || undefined}
                max={values.start ? addDays(values.start, MAX_TRIP_DAYS - 1) : undefined}
                error={Boolean(errors.dates)}
                onChange={(e) => set('end', e.currentTarget.value)}
              />
            </div>
          </Input.Wrapper>
        ) : (
          <TextInput
            type="date"
            label={fieldLabel.dates}
            description={t('rideInformation.startDateHint')}
            value={values.start}
            error={error('dates')}
            required
            className={classes.startDate}
            onChange={(e) => {
              const start = e.currentTarget.value;
              setValues((v) => moveStart(v, start, originalDays));
            }}
          />
        )}
        {rangeText && (
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="ride-range">
            {rangeText}
          </Text>
        )}

        <Input.Wrapper label={fieldLabel.party} error={error('party')}>
          <Stack gap="xs" mt={4}>
            <div className={classes.counters}>
              <PartyCounter
                label={t('rideInformation.adults')}
                value={values.adults}
                onChange={(n) => set('adults', n)}
              />
              <PartyCounter
                label={t('rideInformation.teens')}
                value={values.teens}
                onChange={(n) => set('teens', n)}
              />
              <PartyCounter
                label={t('rideInformation.children')}
                value={values.children}
                onChange={(n) => set('children', n)}
              />
            </div>
            <Text size="sm" data-testid="ride-travellers">
              {travellers === 1
                ? t('rideInformation.travellersOne')
                : t('rideInformation.travellers', { count: travellers })}
            </Text>
          </Stack>
        </Input.Wrapper>

        <Textarea
          label={fieldLabel.text}
          description={t('rideInformation.textHint')}
          value={values.text}
          onChange={(e) => set('text', e.currentTarget.value)}
          error={error('text')}
          autosize
          minRows={6}
          styles={{ input: { minHeight: 151 } }}
        />

        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Checkbox
              label={t('rideInformation.physicalDisabilities')}
              checked={values.physicalDisabilities}
              onChange={(e) => set('physicalDisabilities', e.currentTarget.checked)}
            />
            {!creating && (
              <Switch
                label={t('rideInformation.locked')}
                description={t('rideInformation.lockedHint')}
                checked={values.isLocked}
                onChange={(e) => set('isLocked', e.currentTarget.checked)}
              />
            )}
            {permissions.canMakePrivate && (
              <Checkbox
                label={t('rideInformation.private')}
                description={t('rideInformation.privateHint')}
                checked={values.isPrivate}
                onChange={(e) => set('isPrivate', e.currentTarget.checked)}
              />
            )}
            {permissions.managedSubdomain !== null && (
              <Checkbox
                label={t('rideInformation.subdomain', { subdomain: permissions.managedSubdomain })}
                description={t('rideInformation.subdomainHint')}
                checked={values.isSubdomain}
                onChange={(e) => set('isSubdomain', e.currentTarget.checked)}
              />
            )}
          </Stack>
        </Paper>

        {general && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden size={20} />}>
            <Stack gap="xs" align="flex-start">
              <span>{t(messageKey(general))}</span>
              {needsForce && (
                <Button size="compact-md" color="red" onClick={() => void save(true)} loading={busy}>
                  {t('rideInformation.saveAnyway')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}

        <div className={classes.actions}>
          <Button
            component={Link}
            to={rideId === null ? PATHS.myTrips : paths.trip(rideId)}
            variant="default"
            leftSection={<IconArrowBack aria-hidden size={16} />}
          >
            {t('rideInformation.back')}
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
