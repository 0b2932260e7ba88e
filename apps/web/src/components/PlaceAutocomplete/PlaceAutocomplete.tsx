import { useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { Combobox, Loader, TextInput, VisuallyHidden, useCombobox, type MantineSize } from '@mantine/core';
import { useDebouncedValue, useMergedRef } from '@mantine/hooks';
import {
  IconBed,
  IconBuildingCommunity,
  IconMapPin,
  IconMountain,
  IconTicket,
  IconToolsKitchen2,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import type { PlaceKind, PlaceSource, PlaceSuggestion } from '@rides/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../lib/api';
import { messageKey, type MessageKey } from '../../lib/i18n';
import { placeDetailsQuery } from '../../lib/places/place-details';
import {
  placeLanguageOf,
  placesAutocompleteQuery,
  usePlacesAutocomplete,
} from '../../lib/places/places-autocomplete';
// Mantine's dropdown styles travel with this chunk (app/mantine-styles.ts lists only what the first paint needs).
import '@mantine/core/styles/Combobox.css';
import classes from './PlaceAutocomplete.module.css';

/** A picked place, always with coordinates (google suggestions get theirs from place details). */
export interface PickedPlace {
  id: string;
  source: PlaceSource;
  name: string;
  secondary: string;
  lat: number;
  lng: number;
  kind: PlaceKind;
  countryCode: string | null;
}

export interface PlaceAutocompleteProps {
  /** The typed text (controlled: the form keeps it, so nothing typed is lost on an error). */
  value: string;
  onChange: (text: string) => void;
  /** A suggestion was chosen (click, arrows + Enter, or Enter alone: the first suggestion). */
  onPick: (place: PickedPlace) => void;
  label: string;
  /** The label is read by screen readers but not shown (the placeholder and context say it). */
  hideLabel?: boolean;
  placeholder?: string;
  /** The form's error (e.g. please_use_auto_compleate when free text was submitted), already translated. */
  error?: ReactNode;
  size?: MantineSize;
  /** Prefer places near this point. */
  near?: { lat: number; lng: number } | null;
  autoFocus?: boolean;
  rightSection?: ReactNode;
  rightSectionWidth?: number;
  id?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}

const PLACE_DEBOUNCE_MS = 120;

const KIND_ICONS: Record<PlaceKind, Icon> = {
  country: IconWorld,
  city: IconBuildingCommunity,
  region: IconMountain,
  attraction: IconTicket,
  accommodation: IconBed,
  restaurant: IconToolsKitchen2,
  place: IconMapPin,
};

/** Google's autocomplete session: one search (keystrokes + the details of the pick) is billed once. */
const newSession = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

/**
 * The one place search of the app (decision 0012): an ARIA combobox (Mantine Combobox) over places_autocomplete,
 * debounced by 120 ms, cached by TanStack Query. Names and secondary lines come in the UI language. Arrows move
 * through the suggestions; Enter takes the highlighted one, or the first one when none is highlighted (waiting for
 * the answer to the text as typed, never an older list). Enter on text with no suggestion shows
 * `please_use_auto_compleate`.
 */
export function PlaceAutocomplete({
  value,
  onChange,
  onPick,
  label,
  hideLabel = false,
  placeholder,
  error,
  size = 'md',
  near = null,
  autoFocus,
  rightSection,
  rightSectionWidth,
  id,
  className,
  inputRef,
}: PlaceAutocompleteProps) {
  const { t, i18n } = useTranslation();
  const language = placeLanguageOf(i18n.language);
  const queryClient = useQueryClient();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [debounced] = useDebouncedValue(value.trim(), PLACE_DEBOUNCE_MS);
  const [session, setSession] = useState<string>(newSession);
  const [focused, setFocused] = useState(false);
  const [resolving, setResolving] = useState(false);
  const [ownError, setOwnError] = useState<MessageKey | null>(null);
  const ownInput = useRef<HTMLInputElement | null>(null);
  const generatedId = useId();
  const inputId = id ?? `place-${generatedId}`;

  const query = usePlacesAutocomplete({ q: debounced, language, near, session }, focused);
  const suggestions: PlaceSuggestion[] = debounced ? (query.data?.suggestions ?? []) : [];
  const upToDate = query.data !== undefined && !query.isPlaceholderData && !query.isFetching;

  const setRefs = useMergedRef(ownInput, inputRef);

  async function pick(s: PlaceSuggestion) {
    onChange(s.name);
    combobox.closeDropdown();
    setOwnError(null);
    if (s.lat !== null && s.lng !== null) {
      onPick({ ...s, lat: s.lat, lng: s.lng });
      setSession(newSession());
      return;
    }
    setResolving(true);
    try {
      const details = await queryClient.fetchQuery(placeDetailsQuery(s.source, s.id, language, session));
      onPick({ ...s, lat: details.place.lat, lng: details.place.lng });
      setSession(newSession());
    } catch (err) {
      setOwnError(messageKey(errorCode(err)));
    } finally {
      setResolving(false);
    }
  }

  /** Enter with nothing highlighted: the first suggestion for the text as it is now. */
  async function pickFirst() {
    const text = value.trim();
    if (!text) {
      setOwnError('please_use_auto_compleate');
      return;
    }
    setResolving(true);
    try {
      const answer = await queryClient.fetchQuery(
        placesAutocompleteQuery({ q: text, language, near, session }),
      );
      const first = answer.suggestions[0];
      if (first) await pick(first);
      else setOwnError('please_use_auto_compleate');
    } catch (err) {
      setOwnError(messageKey(errorCode(err)));
    } finally {
      setResolving(false);
    }
  }

  const options = suggestions.map((s) => {
    const KindIcon = KIND_ICONS[s.kind] ?? IconMapPin;
    return (
      <Combobox.Option value={`${s.source}|${s.id}`} key={`${s.source}|${s.id}`} className={classes.option}>
        <KindIcon aria-hidden size={20} stroke={1.6} className={classes.kindIcon} />
        <span className={classes.optionText}>
          <span className={classes.name}>{s.name}</span>
          {s.secondary && <span className={classes.secondary}>{s.secondary}</span>}
          <VisuallyHidden>{` (${t(`places.kind.${s.kind}`)})`}</VisuallyHidden>
        </span>
      </Combobox.Option>
    );
  });

  const shownError = error ?? (ownError ? t(ownError) : null);
  const loading =
    resolving || (focused && query.isFetching && suggestions.length === 0 && debounced.length > 0);
  const notice = query.data?.notice ?? null;

  let empty: ReactNode = null;
  if (suggestions.length === 0 && debounced) {
    if (query.isError) empty = t(messageKey(errorCode(query.error)));
    else if (upToDate) empty = t('places.noResults');
    else empty = t('places.searching');
  }

  return (
    <>
      <Combobox
        store={combobox}
        onOptionSubmit={(val) => {
          const s = suggestions.find((x) => `${x.source}|${x.id}` === val);
          if (s) void pick(s);
        }}
        position="bottom-start"
        middlewares={{ flip: false, shift: false }}
        zIndex={300}
      >
        <Combobox.Target withExpandedAttribute targetType="input" autoComplete="off">
          <TextInput
            ref={setRefs}
            id={inputId}
            className={className}
            size={size}
            label={hideLabel ? undefined : label}
            aria-label={hideLabel ? label : undefined}
            placeholder={placeholder}
            value={value}
            autoFocus={autoFocus}
            enterKeyHint="search"
            spellCheck={false}
            autoCapitalize="off"
            error={shownError}
            // The pin gives way to a spinner while suggestions or a place's details load (the end section is the
            // caller's, e.g. the hero's plane button, and stays put).
            leftSection={
              loading ? <Loader size="xs" aria-hidden /> : <IconMapPin aria-hidden size={20} stroke={1.6} />
            }
            rightSection={rightSection}
            rightSectionWidth={rightSectionWidth}
            rightSectionPointerEvents="all"
            onChange={(e) => {
              onChange(e.currentTarget.value);
              setOwnError(null);
              combobox.openDropdown();
              combobox.resetSelectedOption();
            }}
            onFocus={() => {
              setFocused(true);
              if (value.trim()) combobox.openDropdown();
            }}
            onBlur={() => {
              setFocused(false);
              combobox.closeDropdown();
            }}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
              // A highlighted suggestion: Mantine's own Enter handling takes it.
              if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
              e.preventDefault();
              void pickFirst();
            }}
          />
        </Combobox.Target>

        <Combobox.Dropdown hidden={!debounced || (!focused && !resolving)} className={classes.dropdown}>
          <Combobox.Options aria-label={t('places.suggestionsLabel', { label })} className={classes.options}>
            {options}
            {empty && <Combobox.Empty>{empty}</Combobox.Empty>}
          </Combobox.Options>
          {notice && suggestions.length > 0 && (
            <Combobox.Footer>
              <span className={classes.notice}>{t(notice)}</span>
            </Combobox.Footer>
          )}
        </Combobox.Dropdown>
      </Combobox>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic>
        {focused && upToDate && debounced ? t('places.count', { count: suggestions.length }) : ''}
      </VisuallyHidden>
    </>
  );
}

export default PlaceAutocomplete;
