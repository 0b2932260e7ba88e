import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Input, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle, IconArrowBack, IconDeviceFloppy, IconSparkles } from '@tabler/icons-react';
import { TITLE_MAX, type TripLanguage } from '@rides/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FieldProblems } from '../../../../components/FieldProblems';
import { MoreDetails } from '../../../../components/MoreDetails';
import { PlaceAutocomplete, type PickedPlace } from '../../../../components/PlaceAutocomplete/PlaceAutocomplete';
import { ImageUpload } from '../../../../components/upload/ImageUpload';
import { splitApiError } from '../../../../lib/form-errors';
import { currentLanguage, messageKey } from '../../../../lib/i18n';
import { placeDetailsQuery } from '../../../../lib/places/place-details';
import { hoursValueOf } from '../lib/opening-hours-form';
import { useFormErrors } from '../../../../lib/use-form-errors';
import { useWrite } from '../../../../lib/use-write';
// The extra information form's text <-> HTML rules: an attraction's description is written the same way.
import { htmlToText } from '../../../../lib/note-html';
import { categoriesQuery } from '../../../../lib/categories';
import { placeAiInformation } from '../api/attraction-editor-calls';
import {
  ATTRACTION_FORM_FIELDS,
  checkAttraction,
  CODE_FIELDS,
  FIELD_ALIASES,
  toBody,
  type AttractionFormField,
  type AttractionFormValues,
} from '../lib/form-values';
import type { LatLng } from './location-map-types';
import { LocationPicker } from './LocationPicker';
import { OpeningHoursField } from './OpeningHoursField';
import classes from './AttractionEditor.module.css';

const EXTRA_FIELDS: readonly AttractionFormField[] = ['category', 'address', 'link', 'navigationAddress'];

interface AttractionFormProps {
  initial: AttractionFormValues;
  isManager: boolean;
  /** The trip it is for: the AI text's language and the image's folder; null when edited from elsewhere. */
  rideId: number | null;
  /**
   * The trip an uploaded image is stored under (upload_image_api refuses a trip the user may not edit); default rideId.
   * null when editing an attraction: its author may reach it from a trip they do not edit.
   */
  imageRideId?: number | null;
  /** Where the map looks while there is no place yet. */
  around: LatLng | null;
  /** Saves the body; answers nothing, or throws the call's error (shown under the fields). */
  onSave(body: ReturnType<typeof toBody>): Promise<void>;
  submitLabel: string;
  back: { to: string; label: string }[];
  /**
   * The opening hours text the server could not read (opening_hours_unreadable, on the editor's read or the save's
   * answer); the warning shows under the field while the field still holds that text. null: none.
   */
  unreadableHours?: string | null;
  /** The form opens after a save that answered that warning: it is brought into view. */
  revealHoursWarning?: boolean;
}

/**
 * The attraction editor's form (001 §2 "Attraction editor"): the place search fills the title, address, website,
 * rating, place id and the pin; title (required, at most 140), the pin on the map (required), the description with
 * "create the text with AI" for managers (only into an empty box), the image, and the extras behind a toggle:
 * category and subcategory for managers (a new category clears the subcategory), address, website, navigation
 * address. Problems are listed under "please fix the following fields" and beside their fields; nothing typed is lost.
 */
export function AttractionForm({
  initial,
  isManager,
  rideId,
  imageRideId = rideId,
  around,
  onSave,
  submitLabel,
  back,
  unreadableHours = null,
  revealHoursWarning = false,
}: AttractionFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const { run, busy } = useWrite();
  const [uploading, setUploading] = useState(false);
  const [aiBusy, setAiBusy] = useState(false);
  const [extrasOpen, setExtrasOpen] = useState(false);
  const { formRef, errors, general, setGeneral, check, refuse } = useFormErrors<AttractionFormField>({
    title: values.title,
    location: values.location,
    text: values.text,
    image: values.image,
    openingHours: [values.hours.text, values.hours.form, values.hours.asText],
    category: [values.categoryId, values.subcategoryId],
    address: values.address,
    link: values.link,
    navigationAddress: values.navigationAddress,
  });
  const categories = useQuery({ ...categoriesQuery(), enabled: isManager });
  const set = <K extends keyof AttractionFormValues>(key: K, value: AttractionFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const label: Record<AttractionFormField, string> = {
    title: t('attractionEditor.title'),
    location: t('attractionEditor.location'),
    text: t('attractionEditor.text'),
    image: t('attractionEditor.image'),
    openingHours: t('attractionEditor.hours.legend'),
    category: t('attractionEditor.category'),
    address: t('attractionEditor.address'),
    link: t('attractionEditor.link'),
    navigationAddress: t('attractionEditor.navigationAddress'),
  };
  const problems = ATTRACTION_FORM_FIELDS.filter((f) => errors[f]);
  const error = (field: AttractionFormField) => (errors[field] ? t(messageKey(errors[field])) : undefined);
  const showProblems = (found: typeof errors) => {
    if (EXTRA_FIELDS.some((f) => found[f])) setExtrasOpen(true);
  };

  const pick = async (place: PickedPlace) => {
    // The pick itself has the name and the point; the details add address, website, rating and the place id.
    setValues((v) => ({
      ...v,
      search: place.name,
      title: place.name.slice(0, TITLE_MAX),
      location: { lat: place.lat, lng: place.lng },
    }));
    const language: TripLanguage = currentLanguage() === 'en' ? 'english' : 'hebrew';
    try {
      const { place: d } = await queryClient.fetchQuery(placeDetailsQuery(place.source, place.id, language));
      setValues((v) => ({
        ...v,
        title: d.name.slice(0, TITLE_MAX) || v.title,
        location: { lat: d.lat, lng: d.lng },
        address: d.address ?? v.address,
        link: d.website ?? v.link,
        rate: d.rating ?? v.rate,
        placeId: d.googlePlaceId ?? (d.source === 'google' ? d.id : v.placeId),
        // The place's hours as rules (issue 36: Google's periods or OpenStreetMap's tag), when none are typed yet:
        // what the user wrote is never replaced.
        hours: d.osmOpeningHours && v.hours.text.trim() === '' ? hoursValueOf(d.osmOpeningHours) : v.hours,
      }));
    } catch {
      // The name and the point are in already; the rest can be typed.
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkAttraction(values);
    if (!check(found)) return;
    setGeneral(null);
    // The page's save reads again what it changed and says so; a refusal shows beside its fields.
    await run(() => onSave(toBody(values, isManager)), {
      onError: (err) => {
        const split = splitApiError(err, ATTRACTION_FORM_FIELDS, {
          aliases: FIELD_ALIASES,
          codeFields: CODE_FIELDS,
        });
        showProblems(split.fields);
        refuse(split);
        return true;
      },
    });
  };

  const writeWithAi = async () => {
    setGeneral(null);
    // 001 §5: only into an empty description (atraction_text_box_is_not_empty); the title names the place.
    const found = {
      ...(values.text.trim() !== '' ? { text: 'atraction_text_box_is_not_empty' } : {}),
      ...(values.title.trim() === '' ? { title: 'attraction_title_required' } : {}),
    };
    if (!check(found) || rideId === null) return;
    setAiBusy(true);
    try {
      const { text } = await placeAiInformation({
        title: values.title.trim(),
        address: values.address,
        lat: values.location?.lat ?? null,
        lng: values.location?.lng ?? null,
        rideId,
        text: values.text,
      });
      set('text', htmlToText(text));
    } catch (err) {
      refuse(
        splitApiError(err, ATTRACTION_FORM_FIELDS, {
          codeFields: { ...CODE_FIELDS, ai_not_configured: 'text', ai_call_failed: 'text' },
        }),
      );
    } finally {
      setAiBusy(false);
    }
  };

  const categoryList = categories.data?.categories ?? [];
  const subcategories = categoryList.find((c) => String(c.id) === values.categoryId)?.subcategories ?? [];
  const location = values.location;

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-describedby={problems.length ? 'attraction-problems' : undefined}
    >
      <Stack gap="lg">
        <FieldProblems
          id="attraction-problems"
          title={t('attractionEditor.fixFields')}
          fields={problems}
          label={label}
          message={error}
          listClassName={classes.problems}
        />
        {general && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden size={20} />}>
            {t(messageKey(general))}
          </Alert>
        )}

        <PlaceAutocomplete
          label={t('attractionEditor.search')}
          placeholder={t('attractionEditor.searchPlaceholder')}
          value={values.search}
          onChange={(text) => set('search', text)}
          onPick={(place) => void pick(place)}
          near={location ?? around}
        />

        <TextInput
          label={label.title}
          description={t('attractionEditor.titleHint', { max: TITLE_MAX })}
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={error('title')}
          required
          autoComplete="off"
        />

        <Input.Wrapper
          label={label.location}
          description={t('attractionEditor.locationHint')}
          error={error('location')}
          required
        >
          <div
            className={classes.map}
            aria-invalid={errors.location ? true : undefined}
            tabIndex={errors.location ? -1 : undefined}
          >
            <LocationPicker
              value={location}
              onChange={(p) => set('location', p)}
              around={around}
              pinLabel={values.title.trim() || label.location}
              height={280}
              ariaLabel={t('attractionEditor.mapLabel')}
            />
          </div>
          <Text size="sm" c="dimmed" mt={4} aria-live="polite">
            {location
              ? t('attractionEditor.locationChosen', {
                  latitude: location.lat.toFixed(5),
                  longitude: location.lng.toFixed(5),
                })
              : t('attractionEditor.noLocation')}
          </Text>
        </Input.Wrapper>

        <Stack gap={6}>
          <Textarea
            label={label.text}
            value={values.text}
            onChange={(e) => set('text', e.currentTarget.value)}
            error={error('text')}
            autosize
            minRows={4}
            maxRows={14}
          />
          {isManager && rideId !== null && (
            <Group>
              <Button
                type="button"
                variant="light"
                leftSection={<IconSparkles size={18} aria-hidden />}
                loading={aiBusy}
                onClick={() => void writeWithAi()}
              >
                {t('attractionEditor.aiButton')}
              </Button>
            </Group>
          )}
        </Stack>

        <ImageUpload
          value={values.image}
          onChange={(url) => set('image', url)}
          folder="attractions"
          {...(imageRideId !== null ? { rideId: imageRideId } : {})}
          label={label.image}
          onBusyChange={setUploading}
        />

        <OpeningHoursField
          value={values.hours}
          onChange={(hours) => set('hours', hours)}
          error={error('openingHours')}
          unreadable={unreadableHours !== null && values.hours.text.trim() === unreadableHours.trim()}
          reveal={revealHoursWarning}
        />

        <div>
          <MoreDetails
            id="attraction-extras"
            label={t('attractionEditor.extras')}
            opened={extrasOpen}
            onToggle={() => setExtrasOpen((o) => !o)}
          >
            {isManager && (
              <div className={classes.pair}>
                <NativeSelect
                  label={label.category}
                  value={values.categoryId ?? ''}
                  // 001 §5: a new category resets the subcategory.
                  onChange={(e) => {
                    const categoryId = e.currentTarget.value || null;
                    setValues((v) => ({ ...v, categoryId, subcategoryId: null }));
                  }}
                  data={[
                    { value: '', label: t('attractionEditor.none') },
                    ...categoryList.map((c) => ({ value: String(c.id), label: c.name })),
                  ]}
                  error={error('category')}
                />
                <NativeSelect
                  label={t('attractionEditor.subcategory')}
                  value={values.subcategoryId ?? ''}
                  onChange={(e) => set('subcategoryId', e.currentTarget.value || null)}
                  data={[
                    { value: '', label: t('attractionEditor.none') },
                    ...subcategories.map((s) => ({ value: String(s.id), label: s.name })),
                  ]}
                  disabled={subcategories.length === 0}
                />
              </div>
            )}
            <TextInput
              label={label.address}
              value={values.address}
              onChange={(e) => set('address', e.currentTarget.value)}
              error={error('address')}
            />
            <TextInput
              label={label.link}
              value={values.link}
              onChange={(e) => set('link', e.currentTarget.value)}
              error={error('link')}
              dir="ltr"
              inputMode="url"
              placeholder="https://"
            />
            <TextInput
              label={label.navigationAddress}
              description={t('attractionEditor.navigationHint')}
              value={values.navigationAddress}
              onChange={(e) => set('navigationAddress', e.currentTarget.value)}
              error={error('navigationAddress')}
            />
          </MoreDetails>
        </div>

        <Group justify="space-between" gap="sm" className={classes.actions}>
          <Button
            type="submit"
            loading={busy}
            disabled={uploading}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          >
            {submitLabel}
          </Button>
          <Group gap="xs">
            {back.map((b) => (
              <Button
                key={b.to}
                component={Link}
                to={b.to}
                variant="default"
                leftSection={<IconArrowBack size={16} aria-hidden />}
              >
                {b.label}
              </Button>
            ))}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
